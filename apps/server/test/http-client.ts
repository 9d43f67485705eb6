/**
 * One person's browser over real HTTP, for tests and benches that drive server processes: a
 * cookie jar and the CSRF token every changing call sends, kept whichever server answers, as a
 * browser behind a load balancer keeps them. `on(url)` sends the next calls to another server.
 */
export class HttpClient {
  private readonly jar: Map<string, string>;
  private readonly state: { csrf: string };
  readonly base: string;

  constructor(base: string, jar = new Map<string, string>(), state = { csrf: "" }) {
    this.base = base;
    this.jar = jar;
    this.state = state;
  }

  /** The same browser, talking to the server at `base`. */
  on(base: string): HttpClient {
    return new HttpClient(base, this.jar, this.state);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Headers; json: unknown; ms: number }> {
    if (method !== "GET" && method !== "HEAD" && !this.state.csrf) await this.refreshCsrf();
    const raw = body instanceof Uint8Array || body instanceof ReadableStream;
    const started = performance.now();
    const answer = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        "x-requested-with": "XMLHttpRequest",
        ...(this.state.csrf && { "x-csrf-token": this.state.csrf }),
        ...(body !== undefined && !raw && { "content-type": "application/json" }),
        cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...headers,
      },
      body:
        body === undefined ? undefined : raw ? (body as RequestInit["body"]) : JSON.stringify(body),
      ...(body instanceof ReadableStream && { duplex: "half" }),
    } as RequestInit);
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    this.state.csrf = answer.headers.get("x-csrf-token") ?? this.state.csrf;
    const text = await answer.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a tus answer, a page): the text.
    }
    return {
      status: answer.status,
      headers: answer.headers,
      json,
      ms: performance.now() - started,
    };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body: unknown = {}) {
    return this.request("POST", path, body);
  }

  async refreshCsrf() {
    const answer = await fetch(`${this.base}/auth/session`, {
      headers: { cookie: [...this.jar].map(([n, v]) => `${n}=${v}`).join("; ") },
    });
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    this.state.csrf = ((await answer.json()) as { csrfToken: string }).csrfToken;
  }

  /** An adult's sign-in (/login). */
  async signIn(login: string, password: string) {
    const answer = await this.post("/login", { login, password });
    if (answer.status !== 200) throw new Error(`${login} could not sign in: ${answer.status}`);
    await this.refreshCsrf();
  }

  /** A student's sign-in by typing their teacher's username, theirs and their password. */
  async signInStudent(teacher: string, student: string, password: string) {
    const answer = await this.post("/student/login", {
      step: 3,
      type: "input",
      teacher,
      student,
      password,
    });
    if (answer.status !== 200) throw new Error(`${student} could not sign in: ${answer.status}`);
    await this.refreshCsrf();
  }
}
