// The demo organisation created on the first embedded start.
export const DEMO_PASSWORD = "demo1234";

type Person = {
  email: string;
  full_name: string;
  job_title: string;
  department: string;
  phone_number: string;
  status_message?: string;
  role: "user" | "admin";
  team_role: "member" | "manager" | "admin";
  user_status?: "online" | "away" | "busy";
};

export const DEMO_PEOPLE: Person[] = [
  { email: "alex.morgan@example.com", full_name: "Alex Morgan", job_title: "Head of Operations", department: "Operations", phone_number: "+1 415 555 0101", status_message: "Keeping the lights on", role: "admin", team_role: "admin" },
  { email: "priya.shah@example.com", full_name: "Priya Shah", job_title: "Engineering Manager", department: "Engineering", phone_number: "+1 415 555 0102", status_message: "Office hours Tue/Thu", role: "user", team_role: "manager" },
  { email: "jordan.lee@example.com", full_name: "Jordan Lee", job_title: "Senior Software Engineer", department: "Engineering", phone_number: "+1 415 555 0103", role: "user", team_role: "member" },
  { email: "sam.carter@example.com", full_name: "Sam Carter", job_title: "Product Designer", department: "Design", phone_number: "+1 415 555 0104", status_message: "Sketching the lobby", role: "user", team_role: "member" },
  { email: "maria.garcia@example.com", full_name: "Maria Garcia", job_title: "QA Engineer", department: "Engineering", phone_number: "+1 415 555 0105", role: "user", team_role: "member" },
  { email: "li.wei@example.com", full_name: "Li Wei", job_title: "Data Analyst", department: "Analytics", phone_number: "+1 415 555 0106", role: "user", team_role: "member" },
  { email: "noah.kim@example.com", full_name: "Noah Kim", job_title: "Customer Success Lead", department: "Customer Success", phone_number: "+1 415 555 0107", role: "user", team_role: "member", user_status: "away" },
  { email: "emma.brown@example.com", full_name: "Emma Brown", job_title: "Marketing Manager", department: "Marketing", phone_number: "+1 415 555 0108", role: "user", team_role: "member" },
  { email: "lucas.silva@example.com", full_name: "Lucas Silva", job_title: "DevOps Engineer", department: "Engineering", phone_number: "+1 415 555 0109", status_message: "On call this week", role: "user", team_role: "member" },
  { email: "olivia.chen@example.com", full_name: "Olivia Chen", job_title: "Recruiter", department: "People", phone_number: "+1 415 555 0110", role: "user", team_role: "member" },
  { email: "ethan.wright@example.com", full_name: "Ethan Wright", job_title: "Sales Executive", department: "Sales", phone_number: "+1 415 555 0111", role: "user", team_role: "member" },
  { email: "ava.patel@example.com", full_name: "Ava Patel", job_title: "Finance Analyst", department: "Finance", phone_number: "+1 415 555 0112", role: "user", team_role: "member" },
  { email: "mia.rossi@example.com", full_name: "Mia Rossi", job_title: "Frontend Engineer", department: "Engineering", phone_number: "+1 415 555 0113", role: "user", team_role: "member" },
];

export const DEMO_CHAT_LINES = [
  "Good morning everyone!",
  "The build on main is green again.",
  "Can someone review my pull request for the lobby scene?",
  "Lunch at the usual place at 12:30?",
  "Reminder: all-hands on Thursday at 4 pm.",
  "The headset firmware update is rolling out today.",
  "I pushed a fix for the login redirect.",
  "Customer call went well, they want a demo next week.",
  "Who has the slides from yesterday's review?",
  "Deploy window starts in 15 minutes.",
  "Nice work on the release notes!",
  "The staging database is being migrated, expect a short outage.",
  "Design files for the new onboarding are in the library.",
  "Does anyone know why the CI cache is so slow today?",
  "Thanks for covering the support queue.",
  "Heads up: I'm out on Friday.",
  "The latency dashboard looks much better after the change.",
  "Let's move the retro to Monday.",
  "Please fill in the offsite survey by Wednesday.",
  "Found the root cause: a race in the reconnect logic.",
];
