import { useState } from 'react';
import { ApiError, api } from '../../api.js';
import { FormError } from '../../components/field.js';

export function CreatePrimary(props: { orgId: string; projectId: string; onCreated: (key: string) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const created = await api.post<{ key: string }>(`/orgs/${props.orgId}/keys`, {
        project_id: props.projectId,
      });
      setError(undefined);
      props.onCreated(created.key);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the key');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={create} disabled={busy}>
        Create primary key
      </button>
      <FormError message={error} />
    </>
  );
}
