const SCRIPT_ID = 'affiliate-script';

/**
 * Loads the third-party affiliate tracking script once, only when AFFILIATE_SCRIPT_URL
 * is configured: the server's CSP allows that origin then and no other. The script records the
 * visit (its click event) itself when it runs.
 */
export function loadAffiliateScript(url: string | null | undefined): void {
  if (!url || document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.src = url;
  script.async = true;
  document.head.append(script);
}
