import { describe, expect, it } from 'vitest';
import { detectFromDns, detectFromHttp, mergeDetections, spfIncludes } from './detect.js';

const slugsOf = (list: Array<{ slug: string }>) => list.map((d) => d.slug).sort();

// A mid-size SaaS company's zone, as `dig` would show it.
const saasDns = {
  mx: [
    { exchange: 'aspmx.l.google.com', priority: 1 },
    { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
  ],
  txt: [
    'v=spf1 include:_spf.google.com include:sendgrid.net include:mail.zendesk.com include:_spf.salesforce.com ~all',
    'google-site-verification=rXOxyZounnZasA8Z7oaD3c14JdjS9aKSWvsR1EbUSIQ',
    'MS=ms64924957',
    'atlassian-domain-verification=Z8oUd5brL6/RGUMCkxs4U0P/RyhpiNJEIVx9HXJLr3uqEQ1eDmTnj1eq1ObCgY1i',
    'docusign=05958488-4752-4ef2-95eb-aa7ba8a3bd0e',
    'hubspot-developer-verification=OTQ5NGIwYWEtODNmZi00YWE1LTkyNmQtNDhjMDkxY2VhMjI1',
    'facebook-domain-verification=zyzferd0kpm04en8wn4jnu4ooen5ct',
    'stripe-verification=5096d01ff2cf194285dd51cae18f24fa9c26dc928cebac3636d462b4c6925623',
  ],
  ns: ['dana.ns.cloudflare.com', 'kip.ns.cloudflare.com'],
  cname: [
    { name: 'www.acme.com', target: 'cname.vercel-dns.com' },
    { name: 'support.acme.com', target: 'acme.zendesk.com' },
    { name: 'go.acme.com', target: 'acme.mktoweb.com' },
    {
      name: 'selector1._domainkey.acme.com',
      target: 'selector1-acme-com._domainkey.acmeinc.onmicrosoft.com',
    },
  ],
};

describe('spfIncludes', () => {
  it('reads include and redirect from the SPF record only', () => {
    expect(
      spfIncludes([
        'v=spf1 ip4:1.2.3.4 include:_spf.google.com -include:spf.protection.outlook.com redirect=_spf.acme.com',
        'include:not-spf.example.com',
      ]),
    ).toEqual(['_spf.google.com', 'spf.protection.outlook.com', '_spf.acme.com']);
  });
});

describe('detectFromDns', () => {
  it('finds mail, SaaS verifications, DNS host and CNAME targets', () => {
    const found = detectFromDns(saasDns);
    const bySlug = (slug: string, by: string) => found.find((d) => d.slug === slug && d.detected_by === by);
    expect(bySlug('google-workspace', 'mx')?.evidence).toBe('MX aspmx.l.google.com');
    expect(bySlug('google-workspace', 'spf')).toBeDefined();
    expect(bySlug('sendgrid', 'spf')?.evidence).toBe('SPF include:sendgrid.net');
    expect(bySlug('zendesk', 'spf')).toBeDefined();
    expect(bySlug('zendesk', 'cname')?.evidence).toBe('CNAME support.acme.com -> acme.zendesk.com');
    expect(bySlug('salesforce', 'spf')).toBeDefined();
    expect(bySlug('microsoft-365', 'txt')?.evidence).toBe('TXT MS=ms64924957');
    expect(bySlug('microsoft-365', 'cname')).toBeDefined();
    expect(bySlug('google-search-console', 'txt')).toBeDefined();
    expect(bySlug('atlassian', 'txt')).toBeDefined();
    expect(bySlug('docusign', 'txt')).toBeDefined();
    expect(bySlug('hubspot', 'txt')).toBeDefined();
    expect(bySlug('meta-business', 'txt')).toBeDefined();
    expect(bySlug('stripe', 'txt')).toBeDefined();
    expect(bySlug('cloudflare-dns', 'ns')?.evidence).toBe('NS dana.ns.cloudflare.com');
    expect(bySlug('vercel', 'cname')).toBeDefined();
    expect(bySlug('marketo', 'cname')).toBeDefined();
    expect(found.find((d) => d.slug === 'google-workspace')?.category).toBe('email');
  });

  it('reads other providers from their records', () => {
    const found = detectFromDns({
      mx: ['acme-com.mail.protection.outlook.com', 'us-smtp-inbound-1.mimecast.com'],
      txt: ['v=spf1 include:spf.protection.outlook.com include:%{ir}.%{v}.%{d}.spf.has.pphosted.com -all'],
      ns: ['ns-1536.awsdns-00.co.uk', 'ns-0.awsdns-00.com'],
    });
    expect(slugsOf(found)).toEqual(
      expect.arrayContaining(['microsoft-365', 'mimecast', 'proofpoint', 'route-53']),
    );
  });

  it('finds nothing in records that only look alike', () => {
    expect(
      detectFromDns({
        mx: ['mail.notgoogle.com', 'aspmx.l.google.com.attacker.net'],
        txt: ['v=spf1 include:sendgrid.net.evil.io -all', 'some-other-verification=MS=ms123'],
        ns: ['ns1.mycloudflare.com'],
      }),
    ).toEqual([]);
  });
});

const saasPage = `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Acme | Workflow automation for finance teams</title>
<meta name="description" content="Acme automates accounts payable.">
<meta name="generator" content="WordPress 6.4.2">
<meta property="og:site_name" content="Acme">
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap">
<link rel="https://api.w.org/" href="https://acme.com/wp-json/">
<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config', 'G-ABC123XYZ');</script>
<script>(function(w,d,s,l,i){w[l]=w[l]||[];var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-K9X2L7Q');</script>
<script type="text/javascript" id="hs-script-loader" async defer src="//js.hs-scripts.com/4711815.js"></script>
<script src="https://js.stripe.com/v3/"></script>
<script src="https://acme.com/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
<script>_linkedin_partner_id = "123456"; window._linkedin_data_partner_ids = [];</script>
<script type="text/javascript" src="https://snap.licdn.com/li.lms-analytics/insight.min.js"></script>
<script>!function(f,b,e,v,n,t,s){}(window, document,'script','https://connect.facebook.net/en_US/fbevents.js'); fbq('init', '1234567890');</script>
</head><body>
<div id="app" data-wf-page="x"></div>
<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>
<a href="https://boards.greenhouse.io/acme">Careers</a>
<script>window.intercomSettings = { app_id: "abc123" };</script>
<script src="https://widget.intercom.io/widget/abc123"></script>
</body></html>`;

describe('detectFromHttp', () => {
  it('finds technologies from scripts, links, meta, inline snippets, headers and cookies', () => {
    const found = detectFromHttp({
      headers: {
        server: 'cloudflare',
        'CF-RAY': '8a1b2c3d4e5f6789-FRA',
        'x-powered-by': 'PHP/8.2.12',
        'set-cookie': ['__cf_bm=abc; path=/; HttpOnly', 'hubspotutk=1a2b; Path=/'],
      },
      cookies: ['_ga=GA1.1.123.456', 'OptanonConsent=isGpcEnabled=0'],
      html: saasPage,
    });
    const by = (slug: string) =>
      found
        .filter((d) => d.slug === slug)
        .map((d) => d.detected_by)
        .sort();
    expect(by('wordpress')).toEqual(['html', 'meta']);
    expect(by('google-analytics')).toEqual(['cookie', 'html', 'script']);
    expect(by('google-tag-manager')).toEqual(['html']);
    expect(by('hubspot')).toEqual(['cookie', 'script']);
    expect(by('stripe')).toEqual(['script']);
    expect(by('jquery')).toEqual(['script']);
    expect(by('linkedin-insight-tag')).toEqual(['html', 'script']);
    expect(by('meta-pixel')).toEqual(['html']);
    expect(by('intercom')).toEqual(['html', 'script']);
    expect(by('youtube')).toEqual(['script']);
    expect(by('greenhouse')).toEqual(['html']);
    expect(by('google-fonts')).toEqual(['html']);
    expect(by('cloudflare')).toEqual(['cookie', 'header']);
    expect(by('php')).toEqual(['header']);
    expect(by('onetrust')).toEqual(['cookie']);
    expect(by('webflow')).toEqual(['html']);
    const cfHeader = found.find((d) => d.slug === 'cloudflare' && d.detected_by === 'header');
    expect(cfHeader?.evidence).toMatch(/^(server: cloudflare|cf-ray: 8a1b)/);
    expect(found.find((d) => d.slug === 'wordpress' && d.detected_by === 'meta')?.evidence).toContain(
      'WordPress 6.4.2',
    );
  });

  it('reads a Next.js app on Vercel', () => {
    const found = detectFromHttp({
      headers: { 'x-vercel-id': 'fra1::iad1::abcde-1700000000000-0123456789ab', 'x-powered-by': 'Next.js' },
      html: '<html><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script><script src="/_next/static/chunks/main-abc.js"></script></body></html>',
    });
    expect(slugsOf(found)).toEqual(['nextjs', 'nextjs', 'vercel']);
  });

  it('reads JSON-LD hints', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","potentialAction":{"@type":"SearchAction","target":"https://acme.com/?s={search_term_string}","query-input":"required name=search_term_string"}}</script>`;
    const found = detectFromHttp({ html });
    expect(found).toEqual([expect.objectContaining({ slug: 'wordpress', detected_by: 'jsonld' })]);
  });

  it('stays quiet on a plain page', () => {
    const found = detectFromHttp({
      headers: { 'content-type': 'text/html' },
      html: '<html><head><title>Hello</title><script src="/app.js"></script></head><body><p>Plain.</p></body></html>',
    });
    expect(found).toEqual([]);
  });
});

describe('mergeDetections', () => {
  it('keeps one entry per technology, strongest evidence first', () => {
    const merged = mergeDetections(
      detectFromDns({ txt: ['stripe-verification=abc'] }),
      detectFromHttp({
        html: '<script src="https://js.stripe.com/v3/"></script>',
        cookies: ['__stripe_mid=1'],
      }),
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ slug: 'stripe', detected_by: 'txt' });
    expect(merged[0]?.signals.map((s) => s.detected_by)).toEqual(['txt', 'script', 'cookie']);
  });
});
