import type { FormEvent } from 'react';

/** The form that opens a page with a key held in page memory only (webhooks, privacy). */
export function KeyGate(props: {
  label: string;
  value: string;
  onChange: (key: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form onSubmit={props.onSubmit}>
      <label>
        {props.label}
        <input
          type="password"
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      <button type="submit">Open</button>
    </form>
  );
}
