/** The list's Created At: local time as MM/DD/YYYY and the time, e.g. "03/07/2026 9:05 AM". */
export function createdAt(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString("en-US", {
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
  });
  const time = date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
  return `${day} ${time}`;
}
