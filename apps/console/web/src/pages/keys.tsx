import { useCallback, useEffect, useState } from 'react';
import { api, type KeySummary, type Org, type Project } from '../api.js';
import { Empty, FormError, Select } from '../components/field.js';
import { KeyReveal } from '../components/key-reveal.js';
import { PlanLimit } from '../components/plan-limit.js';
import { navigate, useLocation } from '../router.js';
import { CreatePrimary } from './keys/create-primary.js';
import { KeyRow } from './keys/key-row.js';
import { NewProject } from './keys/new-project.js';
import { ScopedKeyForm } from './keys/scoped-key-form.js';

export function KeysPage({ orgId }: { orgId: string }) {
  const { search } = useLocation();
  const [org, setOrg] = useState<Org>();
  const [projects, setProjects] = useState<Project[]>();
  const [keys, setKeys] = useState<KeySummary[]>([]);
  const [shown, setShown] = useState<{ title: string; key: string; scopes: string[] } | null>(null);
  const [error, setError] = useState<string>();
  const selected = new URLSearchParams(search).get('project') ?? projects?.[0]?.id;

  const load = useCallback(async () => {
    const [o, p] = await Promise.all([
      api.get<Org>(`/orgs/${orgId}`),
      api.get<Project[]>(`/orgs/${orgId}/projects`),
    ]);
    setOrg(o);
    setProjects(p);
  }, [orgId]);
  const loadKeys = useCallback(async () => {
    if (!selected) return setKeys([]);
    setKeys(await api.get<KeySummary[]>(`/orgs/${orgId}/keys?project_id=${encodeURIComponent(selected)}`));
  }, [orgId, selected]);

  useEffect(() => {
    load().catch((e) => setError(e.message));
  }, [load]);
  useEffect(() => {
    loadKeys().catch((e) => setError(e.message));
  }, [loadKeys]);

  // A new project: reload the list, then show the project.
  const openProject = (p: Project) => load().then(() => navigate(`/o/${orgId}/keys?project=${p.id}`));

  if (!org || !projects) return <div className="loading" aria-busy="true" />;
  const canEdit = org.role !== 'viewer';
  const project = projects.find((p) => p.id === selected);

  return (
    <>
      <h1>Projects &amp; keys</h1>
      <FormError message={error} />
      {projects.length === 0 ? (
        <Empty title="No projects yet">
          <p>A project groups the keys of one application. Create one to get your first key.</p>
          {canEdit ? <NewProject orgId={orgId} onCreated={openProject} /> : null}
        </Empty>
      ) : (
        <>
          <div className="row">
            <Select
              label="Project"
              value={selected}
              onChange={(e) => navigate(`/o/${orgId}/keys?project=${e.target.value}`)}
              options={projects.map((p) => ({ value: p.id, label: p.name }))}
            />
            {canEdit ? (
              <details className="inline">
                <summary>New project</summary>
                <NewProject orgId={orgId} onCreated={openProject} />
              </details>
            ) : null}
          </div>
          {shown ? (
            <KeyReveal
              title={shown.title}
              apiKey={shown.key}
              scopes={shown.scopes}
              onDone={() => setShown(null)}
            />
          ) : null}
          {project && canEdit ? (
            <section aria-labelledby="new-key">
              <h2 id="new-key">New key for {project.name}</h2>
              <div className="row">
                <CreatePrimary
                  orgId={orgId}
                  projectId={project.id}
                  onCreated={(key, scopes) => {
                    setShown({ title: 'Your new primary key', key, scopes });
                    void loadKeys();
                  }}
                />
              </div>
              <details>
                <summary>Mint a scoped key (for browsers and agents)</summary>
                <ScopedKeyForm
                  orgId={orgId}
                  projectId={project.id}
                  onCreated={(key, scopes) => {
                    setShown({ title: 'Your new scoped key', key, scopes });
                    void loadKeys();
                  }}
                />
              </details>
            </section>
          ) : null}
          {!org.reveal_enabled ? (
            <p className="notice">
              Reveal is off: no key-encryption key is configured (set <code>DOSSIER_KEK</code>). Keys are
              shown only once, when created or rolled.
            </p>
          ) : null}
          <section aria-labelledby="keys-title">
            <h2 id="keys-title">Keys</h2>
            <PlanLimit org={org} />
            {keys.length === 0 ? (
              <Empty title="No keys in this project">
                <p>Create a primary key above; it is shown once, with ready-to-paste snippets.</p>
              </Empty>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Key id</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Limits</th>
                      <th scope="col">Created</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Expires</th>
                      <th scope="col">Status</th>
                      {canEdit ? <th scope="col">Actions</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {keys.map((k) => (
                      <KeyRow
                        key={k.id}
                        orgId={orgId}
                        k={k}
                        canEdit={canEdit}
                        onShow={(title, key, scopes) => setShown({ title, key, scopes })}
                        onChanged={loadKeys}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </>
  );
}
