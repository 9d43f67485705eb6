/** A moment as the app lists it, e.g. when a recording was viewed: "Mar 4, 2026, 3:05 PM". */
export const dateTimeText = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
