/** Device label from a user agent (§5): Chrome, Firefox, Safari, Edge, Mobile, else Desktop Browser. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return /*i18n*/ 'Unknown device';
  // Edge and most mobile browsers also say "Chrome"/"Safari", so the specific names are tested first.
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  if (/Mobile|Android|iPhone|iPad/.test(ua)) return /*i18n*/ 'Mobile';
  return /*i18n*/ 'Desktop Browser';
}
