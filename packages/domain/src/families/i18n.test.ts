import { createIntl } from "@formatjs/intl";
import { describe, expect, it } from "vitest";
import { PARENT_LANGUAGES } from "../families.ts";
import { PARENT_CATALOGS, PARENT_LOCALES, parentLanguageOf } from "./i18n.ts";

const intlOf = (language: keyof typeof PARENT_CATALOGS) =>
  createIntl({
    locale: PARENT_LOCALES[language],
    messages: PARENT_CATALOGS[language],
    // A missing or broken message must fail the test, not fall back quietly.
    onError: (error) => {
      throw error;
    },
  });

/** The argument names of an ICU message, in order of first use. */
const argumentsOf = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

/** A value for every argument the catalogs use, so each message renders whole. */
const SAMPLE_VALUES = {
  name: "Ana",
  count: 2,
  minutes: 25,
  teacher: "Ms. Lee",
  lesson: "The Moon Song",
  day: 1,
  score: 0.8,
  wcpm: 61,
  target: 72,
  kind: "cold_read",
  status: "met",
  dates: "Mar 3 – Mar 9, 2026",
  date: "Mar 5, 2026",
  student_first_name: "Ana",
  student_username: "ana7",
  teacher_name: "Ms. Rivera",
  teacher_username: "mrivera",
  sign_in_url: "https://refrain.example/student/login",
  lessons_completed: 3,
  average_score: 0.85,
};

/**
 * A value for every argument of `message`: the samples above by name, else a number for a
 * plural or number argument and a word for the others, so each message renders whole.
 */
function sampleValues(message: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const name of argumentsOf(message)) {
    if (name === undefined) continue;
    const numeric = new RegExp(`\\{\\s*${name}\\s*,\\s*(plural|number|selectordinal)`).test(
      message,
    );
    values[name] = SAMPLE_VALUES[name as keyof typeof SAMPLE_VALUES] ?? (numeric ? 2 : name);
  }
  return values;
}

describe("the parent catalogs", () => {
  it("cover exactly the parent languages", () => {
    expect(Object.keys(PARENT_CATALOGS).sort()).toEqual([...PARENT_LANGUAGES].sort());
  });

  it("hold the same ids in English and Spanish, each with the same arguments", () => {
    const { en, es } = PARENT_CATALOGS;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const id of Object.keys(en) as (keyof typeof en)[])
      expect([id, argumentsOf(es[id])]).toEqual([id, argumentsOf(en[id])]);
  });

  it("parse and render every message in both languages", () => {
    for (const language of PARENT_LANGUAGES) {
      const intl = intlOf(language);
      for (const [id, message] of Object.entries(PARENT_CATALOGS[language]))
        expect(intl.formatMessage({ id }, sampleValues(message))).not.toContain("{");
    }
  });

  it.each([
    ["es", 1, "Ana terminó 1 lección esta semana."],
    ["es", 3, "Ana terminó 3 lecciones esta semana."],
    ["es", 0, "Ana no terminó ninguna lección esta semana."],
    ["en", 1, "Ana finished 1 lesson this week."],
    ["en", 3, "Ana finished 3 lessons this week."],
  ] as const)("use the %s plural for %i lessons", (language, count, text) => {
    expect(
      intlOf(language).formatMessage({ id: "weeklyReport.lessons" }, { name: "Ana", count }),
    ).toBe(text);
  });
});

describe("parentLanguageOf", () => {
  it("takes a browser's or a stored language we write in, and nothing else", () => {
    expect(parentLanguageOf("es-MX")).toBe("es");
    expect(parentLanguageOf("EN")).toBe("en");
    expect(parentLanguageOf("fr")).toBeNull();
    expect(parentLanguageOf(null)).toBeNull();
  });
});
