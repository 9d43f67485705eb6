/**
 * Signs in at `base` as a browser does: the session and CSRF cookies, then the CSRF header of
 * the signed-in session. Answers the headers a signed-in call sends.
 */
export async function signInAs(
  base: string,
  credentials: { login: string; password: string },
): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "x-requested-with": "XMLHttpRequest" };
  const token = async () => {
    const reply = await fetch(`${base}/auth/session`, { headers });
    const cookies = reply.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (cookies.length > 0)
      headers.cookie = [headers.cookie, ...cookies].filter(Boolean).join("; ");
    headers["x-csrf-token"] = ((await reply.json()) as { csrfToken: string }).csrfToken;
  };
  await token();
  const reply = await fetch(`${base}/login`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!reply.ok) throw new Error(`sign-in failed: ${reply.status} ${await reply.text()}`);
  const session = reply.headers.getSetCookie().map((c) => c.split(";")[0]);
  headers.cookie = [headers.cookie, ...session].join("; ");
  // Signing in starts a new session with its own CSRF token.
  await token();
  return headers;
}
