import { Table } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { ListTable } from "./list-table.tsx";
import { staticMarkup } from "./static-markup.tsx";

const row = (
  <Table.Tr>
    <Table.Td>Kite</Table.Td>
    <Table.Td>100%</Table.Td>
  </Table.Tr>
);

describe("ListTable", () => {
  it("sizes its columns by their content unless one has a set width", () => {
    const html = staticMarkup(
      <ListTable minWidth={500} columns={["Lesson", "Day 1"]}>
        {row}
      </ListTable>,
    );
    expect(html).toContain("--table-layout:auto");
  });

  it("keeps a column of set width to it, so stacked tables line their columns up", () => {
    const html = staticMarkup(
      <ListTable minWidth={500} columns={["Lesson", { name: "Day 1", width: "14%" }]}>
        {row}
      </ListTable>,
    );
    expect(html).toContain("--table-layout:fixed");
    expect(html).toMatch(/<th style="[^"]*width:14%"[^>]*>Day 1<\/th>/);
  });
});
