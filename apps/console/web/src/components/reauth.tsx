import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { ApiError, api } from '../api.js';
import { check, passwordForm } from '../forms.js';
import { Field, FormError } from './field.js';

type WithReauth = <T>(action: () => Promise<T>) => Promise<T>;

const ReauthContext = createContext<WithReauth>((action) => action());

/**
 * Runs an action; when the server asks for the password again, shows a modal dialog, confirms
 * the password and retries the action once.
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = useRef<{ resolve: () => void; reject: (e: unknown) => void } | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setPassword('');
        setError(undefined);
        dialog.current?.showModal();
      }),
    [],
  );

  const withReauth = useCallback<WithReauth>(
    async (action) => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError && error.needsReauth)) throw error;
        await ask();
        return action();
      }
    },
    [ask],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(passwordForm, { password });
    if (!parsed.ok) return setError(parsed.errors.password);
    setBusy(true);
    try {
      await api.post('/auth/reauth', { password });
      dialog.current?.close();
      pending.current?.resolve();
      pending.current = null;
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not confirm your password.');
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    pending.current?.reject(new ApiError(403, 'cancelled', 'Cancelled: password not confirmed.'));
    pending.current = null;
  };

  return (
    <ReauthContext.Provider value={withReauth}>
      {children}
      <dialog ref={dialog} aria-labelledby="reauth-title" onClose={cancel}>
        <form onSubmit={submit} noValidate>
          <h2 id="reauth-title">Confirm your password</h2>
          <p>
            For your security, revealing, rolling or revoking keys and changing members needs your password
            again. It stays confirmed for 10 minutes.
          </p>
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            autoFocus
          />
          <FormError />
          <div className="actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm'}
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </ReauthContext.Provider>
  );
}

export const useReauth = () => useContext(ReauthContext);
