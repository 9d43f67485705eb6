import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROLES } from "./auth.ts";
import { allows, impersonationVerdict, POLICIES, type ScopedUser } from "./policies.ts";

describe("role groups", () => {
  it("are made of known roles, and signed in means every role", () => {
    for (const roles of Object.values(POLICIES))
      for (const role of roles) expect(ROLES).toContain(role);
    expect([...POLICIES.signedIn].sort()).toEqual([...ROLES].sort());
  });

  it("keep students out of the adults' pages, and admins out of classes", () => {
    expect(allows("adults", "student")).toBe(false);
    expect(ROLES.filter((role) => allows("adults", role))).toHaveLength(ROLES.length - 1);
    expect(allows("classOwners", "parent")).toBe(true);
    expect(allows("classOwners", "school_admin")).toBe(false);
    expect(allows("impersonable", "student")).toBe(true);
    expect(allows("impersonable", "district_admin")).toBe(false);
  });
});

describe("impersonation verdict", () => {
  const schoolAdmin: ScopedUser = { role: "school_admin", schoolId: 1, districtId: 10 };
  const districtAdmin: ScopedUser = { role: "district_admin", schoolId: null, districtId: 10 };
  const teacherHere: ScopedUser = { role: "teacher", schoolId: 1, districtId: 10 };
  const teacherNextDoor: ScopedUser = { role: "teacher", schoolId: 2, districtId: 10 };
  const studentHere: ScopedUser = { role: "student", schoolId: null, districtId: 10 };

  it("lets a school admin take the teachers of their school only", () => {
    expect(impersonationVerdict(schoolAdmin, teacherHere)).toBe("allowed");
    expect(impersonationVerdict(schoolAdmin, teacherNextDoor)).toBe("not_found");
    expect(impersonationVerdict(schoolAdmin, studentHere)).toBe("not_found");
    expect(impersonationVerdict(schoolAdmin, { ...schoolAdmin })).toBe("forbidden");
  });

  it("lets a district admin take teachers and students of the district", () => {
    expect(impersonationVerdict(districtAdmin, teacherHere)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, teacherNextDoor)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, studentHere)).toBe("allowed");
    expect(impersonationVerdict(districtAdmin, { ...teacherHere, districtId: 11 })).toBe(
      "not_found",
    );
    expect(
      impersonationVerdict(districtAdmin, { role: "school_admin", schoolId: 1, districtId: 10 }),
    ).toBe("forbidden");
  });

  it("never lets anyone else impersonate, whatever the target", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES.filter((role) => !allows("admins", role))),
        fc.constantFrom(...ROLES),
        fc.option(fc.nat()),
        fc.option(fc.nat()),
        (actorRole, targetRole, schoolId, districtId) =>
          impersonationVerdict(
            { role: actorRole, schoolId, districtId },
            { role: targetRole, schoolId, districtId },
          ) === "forbidden",
      ),
    );
  });
});
