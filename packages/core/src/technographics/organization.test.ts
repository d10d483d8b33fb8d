import { describe, expect, it } from 'vitest';
import { decodeEntities, scanHtml } from './html-scan.js';
import { extractMeta, extractOrganization } from './organization.js';

const yoastStyle = `<html><head>
<title>Northwind Traders &amp; Co. | Home</title>
<meta name="description" content="Fine foods for fine businesses.">
<meta property="og:title" content="Northwind Traders">
<meta property="og:site_name" content="Northwind">
<meta property="og:image" content="https://northwind.example/og.png">
<meta name="twitter:site" content="@northwind">
<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","@id":"https://northwind.example/#website","publisher":{"@id":"https://northwind.example/#organization"}},
 {"@type":"Organization","@id":"https://northwind.example/#organization","name":"Northwind Traders","legalName":"Northwind Traders GmbH",
  "url":"https://northwind.example/","description":"Wholesale fine foods since 1999.",
  "logo":{"@id":"https://northwind.example/#logo"},
  "sameAs":["https://www.linkedin.com/company/northwind-traders/","https://x.com/northwind","https://www.facebook.com/northwindtraders"],
  "address":{"@type":"PostalAddress","streetAddress":"Hauptstr. 1","addressLocality":"Berlin","postalCode":"10115","addressCountry":{"@type":"Country","name":"DE"}},
  "telephone":"+49 30 1234567","email":"mailto:hello@northwind.example","foundingDate":"1999-04-01"},
 {"@type":"ImageObject","@id":"https://northwind.example/#logo","url":"https://northwind.example/logo.svg"}
]}</script>
<script type="application/ld+json">{ this is not json }</script>
</head><body>
<a href="https://github.com/northwind">GitHub</a>
<a href='https://www.youtube.com/@northwind'>YouTube</a>
<!-- <script src="https://commented.out/x.js"></script> -->
<script>var s = '<iframe src="https://in-a-string.example/">';</script>
</body></html>`;

describe('scanHtml', () => {
  it('reads tags, attributes in any quoting, and skips comments and script strings', () => {
    const page = scanHtml(
      `<script src=/a.js></script><script src='/b.js?x=1&amp;y=2'></script>${yoastStyle}<iframe src="https://player.vimeo.com/video/1"></iframe>`,
    );
    expect(page.scripts).toEqual(['/a.js', '/b.js?x=1&y=2', 'https://player.vimeo.com/video/1']);
    expect(page.title).toBe('Northwind Traders & Co. | Home');
    expect(page.jsonLd).toHaveLength(2);
    expect(page.anchors).toEqual(['https://github.com/northwind', 'https://www.youtube.com/@northwind']);
  });

  it('decodes entities', () => {
    expect(decodeEntities('a &amp; b &#39;c&#x27; &lt;d&gt; &bogus;')).toBe("a & b 'c' <d> &bogus;");
  });
});

describe('extractOrganization', () => {
  it('takes the JSON-LD Organization, resolving @id references', () => {
    const org = extractOrganization(scanHtml(yoastStyle));
    expect(org).toEqual({
      name: 'Northwind Traders',
      legal_name: 'Northwind Traders GmbH',
      description: 'Wholesale fine foods since 1999.',
      url: 'https://northwind.example/',
      logo: 'https://northwind.example/logo.svg',
      same_as: [
        'https://www.linkedin.com/company/northwind-traders/',
        'https://x.com/northwind',
        'https://www.facebook.com/northwindtraders',
      ],
      socials: {
        linkedin: 'https://www.linkedin.com/company/northwind-traders/',
        twitter: 'https://x.com/northwind',
        facebook: 'https://www.facebook.com/northwindtraders',
        github: 'https://github.com/northwind',
        youtube: 'https://www.youtube.com/@northwind',
      },
      address: { street: 'Hauptstr. 1', locality: 'Berlin', postal_code: '10115', country: 'DE' },
      telephone: '+49 30 1234567',
      email: 'hello@northwind.example',
      founding_date: '1999-04-01',
      source: 'jsonld',
    });
  });

  it('accepts subtypes, arrays of types and a string address', () => {
    const page = scanHtml(
      `<script type="application/ld+json">[{"@type":["Corporation"],"name":"Contoso","address":"1 Main St, Springfield","logo":"https://contoso.example/l.png"}]</script>`,
    );
    expect(extractOrganization(page)).toMatchObject({
      name: 'Contoso',
      logo: 'https://contoso.example/l.png',
      address: { formatted: '1 Main St, Springfield' },
    });
  });

  it('falls back to meta tags, and to null when there is nothing', () => {
    const page = scanHtml(
      '<meta property="og:site_name" content="Fabrikam"><meta name="description" content="We make things.">',
    );
    expect(extractOrganization(page)).toMatchObject({
      name: 'Fabrikam',
      description: 'We make things.',
      source: 'meta',
    });
    expect(extractOrganization(scanHtml('<p>nothing</p>'))).toBeNull();
  });
});

describe('extractMeta', () => {
  it('collects description, og:* and twitter:*', () => {
    expect(extractMeta(scanHtml(yoastStyle))).toEqual({
      title: 'Northwind Traders & Co. | Home',
      description: 'Fine foods for fine businesses.',
      og: { title: 'Northwind Traders', site_name: 'Northwind', image: 'https://northwind.example/og.png' },
      twitter: { site: '@northwind' },
    });
  });
});
