/**
 * The e-mail's HTML for a sandboxed srcdoc frame, with links opening in a new tab (a link
 * followed inside the small frame would load the whole app there).
 */
export function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.replace(head[0], `${head[0]}${base}`);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return html.replace(root[0], `${root[0]}<head>${base}</head>`);
  return `${base}${html}`;
}
