import { useEffect, useRef, useState } from 'react';
import { keyEnvLine, mcpSnippets, type OperationSnippets, operationSnippets } from '../snippets.js';
import { CopyButton } from './copy-button.js';

const languages = [
  { id: 'curl', label: 'curl' },
  { id: 'typescript', label: 'TypeScript SDK' },
  { id: 'python', label: 'Python SDK' },
] as const;

/**
 * A key shown once (created, rolled or revealed), with copy buttons and snippets for the operations
 * its scopes allow (generated from the operation registry, so a search-only key gets search calls).
 */
export function KeyReveal(props: { title: string; apiKey: string; scopes: string[]; onDone: () => void }) {
  const { title, apiKey, scopes, onDone } = props;
  const [operations, setOperations] = useState<OperationSnippets[]>();
  const [failed, setFailed] = useState<string>();
  const [operation, setOperation] = useState<string>();
  const [tab, setTab] = useState('curl');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const scopeList = scopes.join(',');
  useEffect(() => {
    operationSnippets(scopeList.split(',').filter(Boolean))
      .then((list) => {
        setOperations(list);
        setOperation(list[0]?.name);
      })
      .catch((e: Error) => setFailed(e.message));
  }, [scopeList]);

  const chosen = operations?.find((op) => op.name === operation);
  const tabs = [
    ...(chosen ? languages.map((l) => ({ id: l.id, label: l.label, code: chosen.snippets[l.id] })) : []),
    ...mcpSnippets(apiKey),
  ];
  const current = tabs.find((t) => t.id === tab) ?? tabs[0];
  return (
    <section className="reveal" aria-labelledby="reveal-title">
      <h2 id="reveal-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>Copy it now: it is not shown again (revealing later needs your password).</p>
      <div className="key-line">
        <code data-testid="new-key">{apiKey}</code>
        <CopyButton text={apiKey} label="Copy key" />
      </div>
      <p>The snippets read the key from the environment:</p>
      <div className="key-line">
        <code data-testid="key-env">{keyEnvLine(apiKey)}</code>
        <CopyButton text={keyEnvLine(apiKey)} label="Copy export line" />
      </div>
      {failed ? <p className="error">Could not load the snippets: {failed}</p> : null}
      {operations && operations.length === 0 ? (
        <p className="muted">
          This key's scopes allow no operation on their own (only the MCP setup applies).
        </p>
      ) : null}
      {operations && operations.length > 0 ? (
        <label>
          Operation{' '}
          <select value={operation} onChange={(e) => setOperation(e.target.value)}>
            {operations.map((op) => (
              <option key={op.name} value={op.name}>
                {op.title} ({op.method} {op.path})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div role="tablist" aria-label="Snippets" className="snippet-tabs">
        {tabs.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={s.id === current?.id}
            aria-controls="snippet-panel"
            className={s.id === current?.id ? 'tab active' : 'tab'}
            onClick={() => setTab(s.id)}
          >
            {s.label}
          </button>
        ))}
      </div>
      {current ? (
        <div id="snippet-panel" role="tabpanel" aria-labelledby={`tab-${current.id}`}>
          <pre>
            <code>{current.code}</code>
          </pre>
          <CopyButton text={current.code} label={`Copy ${current.label} snippet`} />
        </div>
      ) : null}
      <p>
        <button type="button" onClick={onDone}>
          I have copied it
        </button>
      </p>
    </section>
  );
}
