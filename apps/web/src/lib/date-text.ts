/** A moment as the staff pages list it: "Mar 4, 2026, 3:05 PM". */
export const dateTimeText = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );
