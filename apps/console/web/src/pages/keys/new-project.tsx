import { api, type Project } from '../../api.js';
import { Field, FormError } from '../../components/field.js';
import { projectForm } from '../../forms.js';
import { useForm } from '../../use-form.js';

export function NewProject({ orgId, onCreated }: { orgId: string; onCreated: (p: Project) => void }) {
  const form = useForm(projectForm, { name: '' });
  const submit = form.submit(async (data) => {
    const created = await api.post<Project>(`/orgs/${orgId}/projects`, data);
    form.setValues({ name: '' });
    onCreated(created);
  });
  return (
    <form onSubmit={submit} noValidate className="row">
      <Field label="Project name" {...form.field('name')} />
      <button type="submit" disabled={form.busy}>
        Create project
      </button>
      <FormError message={form.errors.form && !form.errors.name ? form.errors.form : undefined} />
    </form>
  );
}
