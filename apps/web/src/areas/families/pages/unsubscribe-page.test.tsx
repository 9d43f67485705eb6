import { PARENT_LANGUAGE_COOKIE, type UnsubscribeState } from "@refrain/domain";
import { QueryClient } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { unsubscribeStateQuery } from "../api/unsubscribe.ts";
import { UnsubscribePage } from "./unsubscribe-page.tsx";

const TOKEN = "AAAAAQF0b2tlbi10b2tlbi10b2s";

/** The page's first render with the server's answer already at hand (or not), as text. */
function firstRender(state?: UnsubscribeState) {
  const queryClient = new QueryClient();
  if (state) queryClient.setQueryData(unsubscribeStateQuery(TOKEN).queryKey, state);
  return staticMarkup(
    <MemoryRouter initialEntries={[`/u/${TOKEN}`]}>
      <Routes>
        <Route path="/u/:token" element={<UnsubscribePage />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const spanish: UnsubscribeState = {
  language: "es",
  firstname: "Sofía",
  list: "weekly_report",
  unsubscribed: { weekly_report: null, parent_emails: null },
};

describe("the unsubscribe page", () => {
  it("speaks Spanish to a parent the teacher set to Spanish, and offers the choice and the button", () => {
    const page = firstRender(spanish);
    expect(page).toContain('lang="es"');
    expect(page).toContain("Correos sobre Sofía");
    expect(page).toContain("Usted recibe de Refrain un informe semanal del progreso de Sofía.");
    expect(page).toContain("¿Qué desea dejar de recibir?");
    expect(page).toContain("Solo el informe semanal de progreso");
    expect(page).toContain("Todos los correos sobre Sofía");
    expect(page).toContain("Cancelar la suscripción");
    expect(page).toContain("Español");
    expect(page).not.toContain("Unsubscribe");
  });

  it("confirms a list already stopped and offers to undo it", () => {
    const page = firstRender({
      ...spanish,
      unsubscribed: { weekly_report: "2026-03-02T10:00:00.000Z", parent_emails: null },
    });
    expect(page).toContain("Listo. Ya no recibirá el informe semanal del progreso de Sofía.");
    expect(page).toContain("Deshacer");
    expect(page).not.toContain("Cancelar la suscripción");
  });

  it("speaks the language the parent picked on another parent page (the shared cookie)", () => {
    // The shared reading page set the cookie; the teacher set this parent to English.
    vi.stubGlobal("document", { cookie: `theme=dark; ${PARENT_LANGUAGE_COOKIE}=es` });
    const page = firstRender({ ...spanish, language: "en" });
    expect(page).toContain('lang="es"');
    expect(page).toContain("Correos sobre Sofía");
    expect(page).not.toContain("Emails about Sofía");
  });

  it("speaks the teacher's choice when the cookie names no language of ours", () => {
    vi.stubGlobal("document", { cookie: `${PARENT_LANGUAGE_COOKIE}=fr` });
    const page = firstRender({ ...spanish, language: "en" });
    expect(page).toContain('lang="en"');
    expect(page).toContain("Emails about Sofía");
  });

  it("speaks English by default while it loads", () => {
    const page = firstRender();
    expect(page).toContain("Loading…");
  });
});
