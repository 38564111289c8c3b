import { describe, expect, it } from 'vitest';
import { webviewAllowed, webviewHref, webviewPrefix } from './webviews-paths.ts';

const ALLOW = ['https://help.example.com/help', 'https://cs.example.com/', 'http://localhost:8080/dev/'];

describe('which outside pages CAB may open (webviews-paths.ts)', () => {
  it('takes a page under a prefix, and the prefix itself, at a path boundary', () => {
    expect(webviewAllowed('https://help.example.com/help', ALLOW)).toBe(true);
    expect(webviewAllowed('https://help.example.com/help/', ALLOW)).toBe(true);
    expect(webviewAllowed('https://help.example.com/help/faq?id=3#top', ALLOW)).toBe(true);
    expect(webviewAllowed('https://help.example.com/helpdesk', ALLOW)).toBe(false);
    expect(webviewAllowed('https://help.example.com/', ALLOW)).toBe(false);
    // A prefix ending in a slash is a folder: everything on cs.example.com.
    expect(webviewAllowed('https://cs.example.com/chat/1', ALLOW)).toBe(true);
    expect(webviewAllowed('http://localhost:8080/dev/page', ALLOW)).toBe(true);
  });

  it('compares origins exactly: scheme, host and port', () => {
    expect(webviewAllowed('http://help.example.com/help', ALLOW)).toBe(false);
    expect(webviewAllowed('https://help.example.com:8443/help', ALLOW)).toBe(false);
    expect(webviewAllowed('https://evil.help.example.com/help', ALLOW)).toBe(false);
    expect(webviewAllowed('https://help.example.com.evil.com/help', ALLOW)).toBe(false);
    expect(webviewAllowed('https://cs.example.com@evil.com/', ALLOW)).toBe(false);
    // The parser's own form: upper case and the default port are the same origin.
    expect(webviewAllowed('HTTPS://HELP.EXAMPLE.COM:443/help/x', ALLOW)).toBe(true);
  });

  it('refuses what does not parse, other schemes, a user or password, and ways out of the prefix', () => {
    for (const bad of [
      '',
      'help/x',
      '/help/x',
      '//help.example.com/help',
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://help.example.com/help',
      'https://user@help.example.com/help',
      'https://user:pw@help.example.com/help',
      'https://help.example.com/help/../admin',
      'https://help.example.com/help/%2e%2e/admin',
      'https://help.example.com/help%2F..%2Fadmin',
      'https://help.example.com/help/..%2Fadmin',
      'https://help.example.com/help/..%5cadmin',
    ])
      expect(webviewAllowed(bad, ALLOW), bad).toBe(false);
    expect(webviewAllowed('https://help.example.com/help', [])).toBe(false);
  });

  it('answers the URL as parsed, so what was checked is what opens', () => {
    expect(webviewHref('https://help.example.com/help/\tfaq', ALLOW)).toBe('https://help.example.com/help/faq');
    expect(webviewHref('https://HELP.example.com/help/a b', ALLOW)).toBe('https://help.example.com/help/a%20b');
    expect(webviewHref('https://help.example.com/helpdesk', ALLOW)).toBeUndefined();
  });

  it('writes allow-list entries as the parser does, and refuses anything but a page prefix', () => {
    expect(webviewPrefix('https://Help.Example.com:443/help')).toBe('https://help.example.com/help');
    expect(webviewPrefix('https://cs.example.com')).toBe('https://cs.example.com/');
    expect(webviewPrefix('http://127.0.0.1:8080/x/')).toBe('http://127.0.0.1:8080/x/');
    for (const bad of [
      'help.example.com/help',
      'https://help.example.com/help?x=1',
      'https://help.example.com/help?',
      'https://help.example.com/help#top',
      'https://*.example.com/',
      'https://u:p@help.example.com/',
      'ftp://help.example.com/',
      'https://help.example.com/a%2Fb',
    ])
      expect(webviewPrefix(bad), bad).toBeUndefined();
  });
});
