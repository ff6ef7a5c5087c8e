import { IMPORT_FIELDS } from "@loupe/domain";
import { describe, expect, it } from "vitest";
import { guessMapping } from "./column-guess";

describe("guessing the columns from the headers", () => {
  it("reads other systems' names for Loupe's fields, each column once", () => {
    const mapping = guessMapping(IMPORT_FIELDS.customers, [
      "Patient ID",
      "Given Name",
      "Surname",
      "Date of Birth",
      "Sex",
      "Branch",
      "E-mail",
      "Notes",
    ]);
    expect(mapping).toEqual({
      source_id: "Patient ID",
      first_name: "Given Name",
      last_name: "Surname",
      dob: "Date of Birth",
      gender: "Sex",
      outlet: "Branch",
      email: "E-mail",
    });
  });
});
