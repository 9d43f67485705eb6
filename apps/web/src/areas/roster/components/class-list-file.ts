import { classListFileProblem, classListMessages } from "@refrain/domain";

/**
 * The text of an uploaded class list, or why it cannot be one. A spreadsheet saves CSV as
 * UTF-8 or, on Windows, in the Windows-1252 code page: text that is not UTF-8 is read as the
 * latter, so accented names come through either way. A NUL byte means a binary file (an .xlsx
 * renamed .csv, say), which no decoding turns into a list.
 */
export async function readClassListFile(
  file: File,
): Promise<{ text: string } | { problem: string }> {
  const problem = classListFileProblem(file);
  if (problem) return { problem };
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.includes("\u0000") ? { problem: classListMessages.fileNotText } : { text };
}
