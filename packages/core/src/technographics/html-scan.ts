/** What the detector and the organization extractor need from a page. */
export interface ScannedPage {
  /** `src` of every script and iframe, in page order. */
  scripts: string[];
  links: Array<{ rel: string; href: string }>;
  /** Meta tags keyed by lower-case `name`, `property` or `http-equiv`. */
  meta: Array<{ name: string; content: string }>;
  /** Raw text of each `application/ld+json` block. */
  jsonLd: string[];
  /** Every `<a href>` target. */
  anchors: string[];
  title: string | null;
}

const entities: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ' };

export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return entities[code.toLowerCase()] ?? whole;
  });

const attributePattern = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

export const parseAttributes = (text: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const match of text.matchAll(attributePattern)) {
    const name = match[1]?.toLowerCase();
    if (!name || name in out) continue;
    out[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return out;
};

/**
 * A small tolerant scanner: regular expressions over the (already size-capped) page, enough to read
 * tag attributes and JSON-LD. It does not build a tree; pages that hide tags in odd places may be
 * read partly, which only costs a detection, never correctness of what is found.
 */
export const scanHtml = (html: string, maxChars = 1_000_000): ScannedPage => {
  const text = html.length > maxChars ? html.slice(0, maxChars) : html;
  const page: ScannedPage = { scripts: [], links: [], meta: [], jsonLd: [], anchors: [], title: null };
  const noComments = text.replace(/<!--[\s\S]*?-->/g, '');

  for (const match of noComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttributes(match[1] ?? '');
    if (attrs.src) page.scripts.push(attrs.src);
    if ((attrs.type ?? '').trim().toLowerCase() === 'application/ld+json' && match[2]?.trim()) {
      page.jsonLd.push(match[2].trim());
    }
  }
  // Outside script bodies, so a tag written inside a string in a script is not read as a tag.
  const markup = noComments.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '');
  for (const match of markup.matchAll(/<(iframe|link|meta|a)\b([^>]*)>/gi)) {
    const tag = match[1]?.toLowerCase();
    const attrs = parseAttributes(match[2] ?? '');
    if (tag === 'iframe' && attrs.src) page.scripts.push(attrs.src);
    else if (tag === 'link' && attrs.href)
      page.links.push({ rel: (attrs.rel ?? '').toLowerCase(), href: attrs.href });
    else if (tag === 'a' && attrs.href) page.anchors.push(attrs.href);
    else if (tag === 'meta') {
      const name = (attrs.name ?? attrs.property ?? attrs['http-equiv'] ?? '').trim().toLowerCase();
      if (name && attrs.content !== undefined) page.meta.push({ name, content: attrs.content.trim() });
    }
  }
  const title = markup.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i)?.[1];
  if (title) page.title = decodeEntities(title).replace(/\s+/g, ' ').trim() || null;
  return page;
};

/** The content of the first meta tag with this name. */
export const metaContent = (page: ScannedPage, name: string): string | null =>
  page.meta.find((m) => m.name === name)?.content || null;
