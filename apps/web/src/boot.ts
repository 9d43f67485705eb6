/**
 * The script a page the server drew runs in place of the app's entry (src/prerender.tsx puts
 * this function's source into the page, with the entry's address; decision 0040). The page is
 * drawn by its HTML and stylesheet, and the app's files download beside them; the app runs at
 * the visitor's first touch, key or focus. A phone then paints the sign-in form or the student's
 * lessons at once and spends no main-thread time on the app until someone reaches for it.
 *
 * Until the app has taken the page over (its shell sends PAGE_READY), a press of a button is held
 * and pressed again once it has, and a form is not sent by the browser (it would put the password
 * in the address): what is typed stays in the fields, which React reads as it takes them over.
 * Links are left to the browser: the page they lead to loads as any page does.
 *
 * Self-contained (no imports, nothing outside its body): it is sent as source.
 */
export function boot(entry: string, readyEvent: string) {
  let started = false;
  let ready = false;
  let held: (() => void) | undefined;

  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  };

  const hold = (event: Event) => {
    if (ready) return;
    start();
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === "submit") {
      event.preventDefault();
      if (target instanceof HTMLFormElement) held = () => target.requestSubmit();
      return;
    }
    const pressed = target?.closest("a[href], button, [role=button], input[type=submit]");
    if (!pressed || pressed.matches("a[href]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = () => {
      if (pressed.isConnected) (pressed as HTMLElement).click();
    };
  };

  const options = { capture: true, passive: true };
  for (const type of ["pointerdown", "touchstart", "keydown", "focusin"]) {
    addEventListener(type, start, options);
  }
  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  addEventListener(
    readyEvent,
    () => {
      ready = true;
      for (const type of ["pointerdown", "touchstart", "keydown", "focusin"]) {
        removeEventListener(type, start, options);
      }
      removeEventListener("click", hold, true);
      removeEventListener("submit", hold, true);
      // After the app's own listeners (main.tsx gives React what was typed before it came).
      if (held) setTimeout(held);
      held = undefined;
    },
    { once: true },
  );
}
