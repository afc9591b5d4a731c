/**
 * Known XSS payloads. Each sets `window.__xss` to its number (and some open a dialog) if any of it runs; `ID` is
 * replaced by the payload's number. Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat
 * sheet, and the DOMPurify mutation-XSS reports.
 */
export const xssPayloads: string[] = [
  // Script elements, plain and disguised.
  '<script>window.__xss=ID;alert(ID)</script>',
  '<SCRIPT>window.__xss=ID</SCRIPT>',
  '<script src="data:text/javascript,window.__xss=ID"></script>',
  '<<script>script>window.__xss=ID<</script>/script>',
  '<scr<script>ipt>window.__xss=ID</scr</script>ipt>',
  '<script/x>window.__xss=ID</script>',
  // Event handlers.
  '<img src=x onerror="window.__xss=ID;alert(ID)">',
  '<img/src=x/onerror=window.__xss=ID>',
  '<img src=x onerror=&#x77;indow.__xss=ID>',
  '<img src="x" onerror="&#119;&#105;&#110;&#100;&#111;&#119;.__xss=ID">',
  '<body onload="window.__xss=ID">',
  '<input autofocus onfocus="window.__xss=ID">',
  '<details open ontoggle="window.__xss=ID"><summary>x</summary></details>',
  '<video><source onerror="window.__xss=ID"></video>',
  '<audio src=x onerror="window.__xss=ID"></audio>',
  '<marquee onstart="window.__xss=ID">m</marquee>',
  '<span onmouseover="window.__xss=ID">hover</span>',
  '<a href="/faq" onclick="window.__xss=ID">click</a>',
  '<p onpointerenter="window.__xss=ID">enter</p>',
  // javascript:, data: and vbscript: URLs.
  '<a href="javascript:window.__xss=ID">link</a>',
  '<a href="JaVaScRiPt:window.__xss=ID">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=ID">entities</a>',
  '<a href="&#x6A;avascript&colon;window.__xss=ID">hex entities</a>',
  '<a href="jav&#x09;ascript:window.__xss=ID">tab</a>',
  '<a href=" javascript:window.__xss=ID">space</a>',
  '<a href="data:text/html,<script>window.__xss=ID</script>">data</a>',
  '<a href="vbscript:msgbox(ID)">vbscript</a>',
  '<img src="javascript:window.__xss=ID">',
  '<form action="javascript:window.__xss=ID"><button>go</button></form>',
  '<a href="https://example.test" target="_blank">tabnabbing</a>',
  // SVG and MathML.
  '<svg onload="window.__xss=ID"></svg>',
  '<svg><script>window.__xss=ID</script></svg>',
  '<svg><animate onbegin="window.__xss=ID" attributeName="x" dur="1s"></animate></svg>',
  '<svg><a xlink:href="javascript:window.__xss=ID"><text x="20" y="20">svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=ID">',
  // CSS.
  '<div style="background:url(javascript:window.__xss=ID)">css url</div>',
  '<div style="width:expression(window.__xss=ID)">css expression</div>',
  '<style>*{background:url("javascript:window.__xss=ID")}</style>',
  '<style>@import "javascript:window.__xss=ID";</style>',
  '<link rel="stylesheet" href="javascript:window.__xss=ID">',
  // Frames, objects and document-level elements.
  '<iframe src="javascript:parent.__xss=ID"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=ID</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/x" onload="window.__xss=ID"></iframe>',
  '<object data="javascript:window.__xss=ID"></object>',
  '<embed src="javascript:window.__xss=ID">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=ID">',
  '<base href="javascript:window.__xss=ID//">',
  // Broken and unclosed markup.
  '<img src=x onerror=window.__xss=ID',
  '"><img src=x onerror=window.__xss=ID>',
  "'><img src=x onerror=window.__xss=ID>",
  '<p title="</p><img src=x onerror=window.__xss=ID>">attribute</p>',
  '<!--<img src=x onerror=window.__xss=ID>-->',
  '<![CDATA[<img src=x onerror=window.__xss=ID>]]>',
  '<textarea><img src=x onerror=window.__xss=ID></textarea>',
  '<title><img src=x onerror=window.__xss=ID></title>',
  '<template><img src=x onerror=window.__xss=ID></template>',
  '<select><style></select><img src=x onerror=window.__xss=ID>',
  '<table><td><img src=x onerror=window.__xss=ID></table>',
  // Entity-encoded markup stays text.
  '&lt;img src=x onerror=window.__xss=ID&gt;',
  '&#60;script&#62;window.__xss=ID&#60;/script&#62;',
  // Mutation XSS: markup that changes meaning when parsed again.
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=ID>"></noscript>',
  '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=ID>">',
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=window.__xss=ID src=1>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss=ID>',
].map((payload, index) => payload.replaceAll('ID', String(index + 1)));

const ALLOWED_SCHEMES = /^(https?:|mailto:|\/|#|\?|[^:]*$)/i;

/** Decodes the entities an attribute value may carry, so `&#106;avascript:` is seen as what it is. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const dangerousTags = new Set(
  (
    'script iframe frame frameset object embed applet svg math style link meta base form input button textarea ' +
    'select noscript template video audio source body html head title details marquee'
  ).split(' '),
);

/**
 * What is unsafe in HTML the server stored: a dangerous element, an event handler or style attribute, a URL
 * whose scheme is not http(s) or mailto. Text the sanitizer escaped (`&lt;script&gt;`) is text, and `<` is
 * always escaped in text, so every `<` here opens a real tag.
 */
export function unsafeInStoredHtml(html: string): string[] {
  const problems: string[] = [];
  for (const tag of html.matchAll(/<\s*([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const name = (tag[1] ?? '').toLowerCase();
    if (dangerousTags.has(name)) problems.push(`element <${name}>`);
    for (const attribute of (tag[2] ?? '').matchAll(/([^\s"'=/>]+)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attributeName = (attribute[1] ?? '').toLowerCase();
      // Browsers skip control characters and spaces in a URL's scheme (`jav&#x09;ascript:`), so the check does too.
      const value = Array.from(decodeEntities((attribute[2] ?? '').replace(/^["']|["']$/g, '')))
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('');
      if (attributeName.startsWith('on')) problems.push(`handler ${attributeName} on <${name}>`);
      if (['style', 'srcdoc', 'formaction', 'xlink:href', 'action', 'background'].includes(attributeName)) {
        problems.push(`attribute ${attributeName} on <${name}>`);
      }
      if (['href', 'src'].includes(attributeName) && !ALLOWED_SCHEMES.test(value)) {
        problems.push(`${attributeName}="${value}" on <${name}>`);
      }
      if (name === 'a' && attributeName === 'target' && !/rel=["']?[^"'>]*noopener/.test(tag[2] ?? '')) {
        problems.push('target without rel=noopener');
      }
    }
  }
  return problems;
}
