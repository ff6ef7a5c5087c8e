import type { Rng } from "./rng";

const FIRST = [
  "Olivia",
  "Noah",
  "Charlotte",
  "Oliver",
  "Amelia",
  "Jack",
  "Isla",
  "William",
  "Mia",
  "Henry",
  "Ava",
  "Leo",
  "Grace",
  "Lucas",
  "Chloe",
  "Thomas",
  "Zoe",
  "James",
  "Ruby",
  "Hudson",
  "Aroha",
  "Nikau",
  "Maia",
  "Liam",
  "Emma",
  "Ethan",
  "Sophie",
  "Mason",
  "Harper",
  "Wei",
  "Priya",
  "Arjun",
  "Mei",
  "Hiroshi",
  "Fatima",
  "Omar",
  "Lena",
  "Mateo",
  "Elena",
  "Finn",
];
const LAST = [
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Nguyen",
  "Johnson",
  "Martin",
  "White",
  "Anderson",
  "Walker",
  "Thompson",
  "Harris",
  "Lee",
  "Ryan",
  "King",
  "Campbell",
  "Tremblay",
  "Gagnon",
  "Roy",
  "Cote",
  "Ngata",
  "Parata",
  "Patel",
  "Singh",
  "Chen",
  "Wang",
  "Kumar",
  "Kelly",
  "O'Brien",
  "Murphy",
  "Clarke",
  "Scott",
  "Young",
  "Hall",
  "Moore",
  "Wright",
  "Green",
  "Baker",
];
const OCCUPATIONS = [
  "Teacher",
  "Nurse",
  "Engineer",
  "Designer",
  "Accountant",
  "Student",
  "Chef",
  "Retired",
  "Developer",
  "Architect",
  null,
];
const REGIONS = [1, 1, 1, 1, 2, 2, 5, 5];

export interface GeneratedCustomer {
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  dob: string | null;
  gender: "Male" | "Female" | null;
  occupation: string | null;
  new_opt_in: "ALL" | "HEALTH" | "NONE";
  region_id: number;
  has_shop_account: boolean;
  created_at: Date;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** Customer number i, the same on every run: names, unique e-mail and mobile, a birthday, a region. */
export function generateCustomer(rng: Rng, i: number, now = Date.now()): GeneratedCustomer {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const region = rng.pick(REGIONS);
  const sparse = rng.chance(0.08);
  const optIn = rng.chance(0.7) ? "ALL" : rng.chance(0.5) ? "HEALTH" : "NONE";
  const mobile =
    region === 5
      ? `416${pad(i % 10_000_000, 7)}`
      : region === 2
        ? `021${pad(i % 10_000_000, 7)}`
        : `04${pad(i % 100_000_000, 8)}`;
  return {
    first_name: first,
    last_name: last,
    email: sparse ? null : `${first}.${last}.${i}@example.com`.toLowerCase().replace(/'/g, ""),
    mobile: sparse ? null : `${mobile.slice(0, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`,
    phone: rng.chance(0.2) ? `(02) 9${pad(rng.int(0, 999), 3)} ${pad(i % 10_000, 4)}` : null,
    dob: sparse ? null : `${rng.int(1940, 2012)}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`,
    gender: rng.chance(0.5) ? "Female" : rng.chance(0.9) ? "Male" : null,
    occupation: rng.pick(OCCUPATIONS),
    new_opt_in: optIn,
    region_id: region,
    has_shop_account: !sparse && rng.chance(0.6),
    created_at: new Date(now - rng.int(0, 3 * 365) * 86_400_000 - rng.int(0, 86_399) * 1000),
  };
}
