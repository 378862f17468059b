/**
 * A tiny browser for sign-in flows over real HTTP: a cookie jar per origin, redirects followed by
 * hand (so a test can stop at any hop), as Chromium would walk them.
 */
export class Browser {
  private jar = new Map<string, Map<string, string>>();
  /** "origin name" of the cookies set with SameSite=None (sent on cross-site requests too). */
  private sameSiteNone = new Set<string>();

  cookies(origin: string): Map<string, string> {
    let c = this.jar.get(origin);
    if (!c) this.jar.set(origin, (c = new Map()));
    return c;
  }

  async get(url: string): Promise<Response> {
    return this.send(new URL(url));
  }

  /**
   * An HTML form's POST (application/x-www-form-urlencoded), as a page on another site submits
   * it: a cross-site POST carries only the cookies marked SameSite=None, so `crossSite` leaves
   * out every other one, as Chromium does.
   */
  async post(url: string, form: Record<string, string>, opts: { crossSite: boolean }): Promise<Response> {
    return this.send(new URL(url), { form: new URLSearchParams(form), crossSite: opts.crossSite });
  }

  private async send(target: URL, post?: { form: URLSearchParams; crossSite: boolean }): Promise<Response> {
    const sent = [...this.cookies(target.origin)].filter(
      ([name]) => !post?.crossSite || this.sameSiteNone.has(`${target.origin} ${name}`),
    );
    const cookie = sent.map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(post ? { method: 'POST', body: post.form.toString() } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const gone = value === '' || attrs.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone) this.cookies(target.origin).delete(name);
      else this.cookies(target.origin).set(name, value);
      if (attrs.some((a) => /^\s*samesite=none\s*$/i.test(a)))
        this.sameSiteNone.add(`${target.origin} ${name}`);
      else this.sameSiteNone.delete(`${target.origin} ${name}`);
    }
    return res;
  }

  /** Follows redirects from `url` until an answer that is not one, or `stop` says so. */
  async follow(url: string, stop: (next: URL) => boolean = () => false): Promise<URL> {
    let current = new URL(url);
    for (let hops = 0; hops < 20; hops++) {
      const res = await this.get(current.href);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) {
        await res.body?.cancel();
        return current;
      }
      await res.body?.cancel();
      const next = new URL(location, current);
      if (stop(next)) return next;
      current = next;
    }
    throw new Error('too many redirects');
  }
}
