import { useCallback, useEffect, useState } from 'react';
import { api, type Me, planNames, sessionEnded } from './api.js';
import { ReauthProvider } from './components/reauth.js';
import { AuditPage } from './pages/audit.js';
import { InvitePage } from './pages/invite.js';
import { KeysPage } from './pages/keys.js';
import { MembersPage } from './pages/members.js';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-reset.js';
import { PrivacyPage } from './pages/privacy.js';
import { SettingsPage } from './pages/settings.js';
import { SignInPage } from './pages/sign-in.js';
import { SignUpPage } from './pages/sign-up.js';
import { UsagePage } from './pages/usage.js';
import { WebhooksPage } from './pages/webhooks.js';
import { Link, navigate, useLocation } from './router.js';

const sections = [
  { id: 'keys', label: 'Projects & keys' },
  { id: 'usage', label: 'Usage' },
  { id: 'members', label: 'Members' },
  { id: 'audit', label: 'Audit log' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'settings', label: 'Settings' },
] as const;

export function App() {
  const { path } = useLocation();
  const [me, setMe] = useState<Me | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      setMe(await api.get<Me>('/me'));
    } catch {
      setMe(null);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const ended = () => setMe(null);
    sessionEnded.addEventListener('ended', ended);
    return () => sessionEnded.removeEventListener('ended', ended);
  }, [refresh]);

  // Links carry the token after `#` (never sent to the server); `/invite/TOKEN` is the older form.
  const invite = path === '/invite' ? location.hash.slice(1) : /^\/invite\/([^/]+)$/.exec(path)?.[1];
  if (invite) return <InvitePage token={invite} me={me ?? null} onSignedIn={refresh} />;
  if (path === '/reset-password') return <ResetPasswordPage onSignedIn={refresh} />;
  if (me === undefined) return <main className="loading" aria-busy="true" />;
  if (me === null) {
    if (path === '/sign-up') return <SignUpPage onSignedIn={refresh} />;
    if (path === '/forgot-password') return <ForgotPasswordPage />;
    return <SignInPage onSignedIn={refresh} />;
  }

  const match = /^\/o\/([^/]+)\/([a-z]+)/.exec(path);
  const current = me.organizations.find((o) => o.id === match?.[1]) ?? me.organizations[0];
  if (!current) {
    return (
      <main className="narrow">
        <h1>No organization</h1>
        <p>You are not a member of any organization. Ask for an invitation link, or sign out.</p>
        <button type="button" onClick={() => api.post('/auth/sign-out').then(refresh)}>
          Sign out
        </button>
      </main>
    );
  }
  const section = sections.find((s) => s.id === match?.[2])?.id ?? 'keys';
  if (!match || match[1] !== current.id) {
    queueMicrotask(() => navigate(`/o/${current.id}/${section}`, true));
  }

  const signOut = async () => {
    await api.post('/auth/sign-out').catch(() => {});
    setMe(null);
    navigate('/sign-in', true);
  };

  return (
    <ReauthProvider>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <div className="brand">Dossier</div>
        {me.organizations.length > 1 ? (
          <label className="org-switch">
            <span className="visually-hidden">Organization</span>
            <select
              aria-label="Organization"
              value={current.id}
              onChange={(e) => navigate(`/o/${e.target.value}/${section}`)}
            >
              {me.organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="org-name">{current.name}</span>
        )}
        <span className="badge">{planNames[current.plan]}</span>
        <span className="spacer" />
        <span className="who">{me.user.email}</span>
        <button type="button" className="secondary small" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav className="tabs" aria-label="Sections">
        {sections.map((s) => (
          <Link key={s.id} to={`/o/${current.id}/${s.id}`} current={s.id === section}>
            {s.label}
          </Link>
        ))}
      </nav>
      <main id="main" tabIndex={-1}>
        {section === 'keys' && <KeysPage orgId={current.id} />}
        {section === 'usage' && <UsagePage orgId={current.id} />}
        {section === 'members' && <MembersPage orgId={current.id} />}
        {section === 'audit' && <AuditPage orgId={current.id} />}
        {section === 'privacy' && <PrivacyPage />}
        {section === 'webhooks' && <WebhooksPage />}
        {section === 'settings' && (
          <SettingsPage orgId={current.id} me={me} onSignedOut={() => setMe(null)} />
        )}
      </main>
    </ReauthProvider>
  );
}
