const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Shown before anyone types a password: on plain HTTP away from localhost the browser would drop
 * the session cookie, so signing in cannot work (the server refuses it with the same reason).
 */
export function HttpsNotice() {
  if (location.protocol !== 'http:' || loopback.has(location.hostname)) return null;
  return (
    <p className="form-error" role="alert" data-testid="https-notice">
      This console is open over plain HTTP at {location.host}, so your browser will not keep the sign-in
      cookie. Open it over HTTPS, or on this machine at http://localhost.
    </p>
  );
}
