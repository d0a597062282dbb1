// The browser side of the social sign-in tests: the provider's pages driven over HTTP.

/** A cookie jar and redirect follower: enough browser for the provider's own pages. */
export class Browser {
  cookies = new Map<string, string>();
  /** Every address the browser was sent to, in order (the callback's code and state among them). */
  visited: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    this.visited.push(new URL(url, this.baseUrl).href);
    const response = await fetch(new URL(url, this.baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  /** Follows redirects and submits the provider's login and consent forms until it comes back to us. */
  async signInWithProvider(startUrl: string, login: string): Promise<string> {
    let response = await this.request(startUrl);
    for (let step = 0; step < 12; step++) {
      const location = response.headers.get('location');
      if (location) {
        if (
          !new URL(location, this.baseUrl).pathname.startsWith('/dev-oidc') &&
          !location.includes('/api/auth/oidc/callback')
        ) {
          return location;
        }
        response = await this.request(location);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt)
        throw new Error(`unexpected page at step ${step}: ${response.status} ${html.slice(0, 300)}`);
      const body = new URLSearchParams(
        prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt },
      );
      response = await this.request(action.replaceAll('&amp;', '&'), {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    }
    throw new Error('the sign-in did not come back');
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
