import { useState } from 'react';

/** Copies text to the clipboard and says so, for sighted and screen-reader users alike. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone(true);
      setTimeout(() => setDone(false), 2000);
    } catch {
      setDone(false);
    }
  };
  return (
    <button type="button" className="secondary small" onClick={copy} aria-live="polite">
      {done ? 'Copied' : label}
    </button>
  );
}
