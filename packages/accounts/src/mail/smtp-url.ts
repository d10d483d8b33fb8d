/** The URL's parts; the user and password may be percent-encoded (`%40` for `@`). */
export function parseSmtpUrl(text: string) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) return null;
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return null;
  const secure = url.protocol === 'smtps:';
  let user: string | undefined;
  let pass: string | undefined;
  try {
    user = url.username ? decodeURIComponent(url.username) : undefined;
    pass = url.password ? decodeURIComponent(url.password) : undefined;
  } catch {
    return null; // a malformed percent escape
  }
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: pass ?? '' } : undefined,
  };
}
