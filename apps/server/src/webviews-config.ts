import { webviewHref, webviewPrefix } from '@cab/contracts';

/** The outside pages CAB may open (docs/host.md, "Webviews"): nothing unless the operator lists them. */
export interface WebviewSettings {
  /** CAB_WEBVIEW_ALLOW: page prefixes, as webviewPrefix writes them. */
  allow: string[];
  /** CAB_CUSTOMER_SERVICE_URL (联系客服), under the allow-list; undefined when unset. */
  customerServiceUrl: string | undefined;
  /** CAB_FOLLOW_URL (关注我们), under the allow-list; undefined when unset. */
  followUrl: string | undefined;
}

/**
 * The allow-list and the two pages. Each entry is `https://host[:port]/path-prefix`; http
 * only outside production, where a development page may be on this machine. A page the
 * app links to must fall under the list: otherwise the app would show an entry its own
 * pages then refuse to open, so the server refuses to start instead.
 */
export function parseWebviewSettings(env: NodeJS.ProcessEnv, production: boolean): WebviewSettings {
  const allow = (env.CAB_WEBVIEW_ALLOW ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const prefix = webviewPrefix(entry);
      if (!prefix)
        throw new Error(
          `CAB_WEBVIEW_ALLOW: "${entry}" is not a page prefix such as https://help.example.com/support (no user, query, fragment or wildcard)`,
        );
      if (production && !prefix.startsWith('https:'))
        throw new Error(`CAB_WEBVIEW_ALLOW: "${entry}" must be https in production (http is for development pages only)`);
      return prefix;
    });
  const page = (name: 'CAB_CUSTOMER_SERVICE_URL' | 'CAB_FOLLOW_URL'): string | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const href = webviewHref(raw, allow);
    if (!href)
      throw new Error(
        `${name} "${raw}" is not under CAB_WEBVIEW_ALLOW (${allow.join(', ') || 'empty'}): add its prefix there, or leave ${name} unset`,
      );
    return href;
  };
  return { allow, customerServiceUrl: page('CAB_CUSTOMER_SERVICE_URL'), followUrl: page('CAB_FOLLOW_URL') };
}
