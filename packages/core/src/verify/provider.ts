// Mail host suffix -> provider. Longest match wins; order within the list does not matter.
const PROVIDERS: Array<[suffix: string, provider: string]> = [
  ['google.com', 'google'],
  ['googlemail.com', 'google'],
  ['olc.protection.outlook.com', 'microsoft_consumer'],
  ['protection.outlook.com', 'microsoft365'],
  ['outlook.com', 'microsoft'],
  ['hotmail.com', 'microsoft_consumer'],
  ['yahoodns.net', 'yahoo'],
  ['aol.com', 'aol'],
  ['zoho.com', 'zoho'],
  ['zoho.eu', 'zoho'],
  ['zoho.in', 'zoho'],
  ['zohomail.com', 'zoho'],
  ['pphosted.com', 'proofpoint'],
  ['ppe-hosted.com', 'proofpoint'],
  ['mimecast.com', 'mimecast'],
  ['mimecast.co.za', 'mimecast'],
  ['barracudanetworks.com', 'barracuda'],
  ['iphmx.com', 'cisco'],
  ['messagelabs.com', 'broadcom'],
  ['mail.icloud.com', 'icloud'],
  ['messagingengine.com', 'fastmail'],
  ['protonmail.ch', 'proton'],
  ['yandex.net', 'yandex'],
  ['yandex.ru', 'yandex'],
  ['mail.ru', 'mailru'],
  ['gmx.net', 'gmx'],
  ['web.de', 'webde'],
  ['secureserver.net', 'godaddy'],
  ['amazonaws.com', 'amazon'],
  ['qq.com', 'tencent'],
];

/** Providers that accept any address at RCPT and bounce later: never reported deliverable. */
const UNVERIFIABLE = new Set(['yahoo', 'aol']);

/** The mail provider behind an MX host name, or null. */
export const providerForHost = (host: string): string | null => {
  const name = host.toLowerCase().replace(/\.$/, '');
  let best: [string, string] | null = null;
  for (const entry of PROVIDERS) {
    const [suffix] = entry;
    if ((name === suffix || name.endsWith(`.${suffix}`)) && (!best || suffix.length > best[0].length))
      best = entry;
  }
  return best?.[1] ?? null;
};

/** The provider of a domain: that of its most preferred MX host that has one. */
export const providerForMx = (hosts: string[]): string | null => {
  for (const host of hosts) {
    const provider = providerForHost(host);
    if (provider) return provider;
  }
  return null;
};

export const isUnverifiableProvider = (provider: string | null): boolean =>
  !!provider && UNVERIFIABLE.has(provider);
