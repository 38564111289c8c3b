import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every article body passes on its way into the table (docs/market.md): the
 * web renders body_html as markup, so whatever is not on the list (script, style, iframe,
 * event attributes, javascript: and data: addresses, outside images) never reaches it.
 */

/** Images come only from our own files: uploads (/files/) and what ships with the server (/static/). */
export const OWN_FILE = /^\/(?:files|static)\/(?!.*\.\.)[A-Za-z0-9._~/-]+$/;
const WEB_LINK = /^https?:\/\/[^\s]+$/i;

/** A table cell keeps its alignment only when it is one (Markdown tables give left, center or right). */
const cell: sanitizeHtml.Transformer = (tagName, attribs) => {
  const align = attribs.align ?? '';
  const kept: sanitizeHtml.Attributes = ['left', 'center', 'right'].includes(align) ? { align } : {};
  return { tagName, attribs: kept };
};

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'blockquote',
    'a',
    'img',
    'br',
    'hr',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is the content's; headings in the body start one level down.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      // A link leaves the app: it opens apart and passes no standing to where it goes.
      return WEB_LINK.test(href) ? { tagName, attribs: { href, rel: 'noopener nofollow', target: '_blank' } } : { tagName, attribs: {} };
    },
    th: cell,
    td: cell,
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const kept: sanitizeHtml.Attributes = OWN_FILE.test(src) ? { src } : {};
      if (attribs.alt) kept.alt = attribs.alt;
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** The words of sanitised HTML, blocks on lines of their own, for the keyword index. */
export function plainText(html: string): string {
  const lines = html.replace(/<\/(?:p|h[2-4]|li|blockquote|pre|tr|th|td)>|<br\s*\/?>/g, '$&\n');
  return sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/**
 * Markdown to sanitised HTML. Each image's address goes through `image` first, which
 * stores a local file and answers its /files address (publish.ts).
 */
export async function renderMarkdown(markdown: string, image: (href: string) => Promise<string>): Promise<string> {
  const marked = new Marked({ gfm: true, async: false });
  const tokens = marked.lexer(markdown);
  const images: Tokens.Image[] = [];
  marked.walkTokens(tokens, (t) => {
    if (t.type === 'image') images.push(t as Tokens.Image);
  });
  for (const img of images) img.href = await image(img.href);
  return sanitiseHtml(marked.parser(tokens));
}
