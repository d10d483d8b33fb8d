import { useEffect, useRef, useState } from 'react';
import { snippets } from '../snippets.js';
import { CopyButton } from './copy-button.js';

/** A key shown once (created, rolled or revealed), with copy buttons and ready snippets. */
export function KeyReveal({ title, apiKey, onDone }: { title: string; apiKey: string; onDone: () => void }) {
  const list = snippets(apiKey);
  const [tab, setTab] = useState(list[0]?.id ?? 'curl');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const current = list.find((s) => s.id === tab) ?? list[0];
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
      <div role="tablist" aria-label="Snippets" className="snippet-tabs">
        {list.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={s.id === tab}
            aria-controls="snippet-panel"
            className={s.id === tab ? 'tab active' : 'tab'}
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
