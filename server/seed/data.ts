// The demo organisation created on the first embedded start: its people, and a lived-in
// fortnight of work around the day it is created (chat is in ./chat). Days are offsets from
// that day (0; -13 is the first of the fortnight) or weekdays near it, times of day are UTC.
//
// The browser tests rely on some of it: #general holds 120 messages; Sam has no notes and a
// light calendar (this week nothing from 09:00 to 15:00 UTC, never more than two items a day);
// neither Jordan nor Sam sees a file in the library; Olivia has no call history; Sam has a task to
// do; no demo resource is a tool, and only the handbook mentions "handbook".
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

/** A demo person by the first part of their address (`li` is li.wei@example.com). */
export type Who = "alex" | "priya" | "jordan" | "sam" | "maria" | "li" | "noah" | "emma" | "lucas" | "olivia" | "ethan" | "ava" | "mia";

export type Dow = "MO" | "TU" | "WE" | "TH" | "FR" | "SA" | "SU";
/** A day offset, the first such weekday after day 0, or the first one on or after a day. */
export type When = number | { next: Dow } | { from: number; dow: Dow };

export interface DemoTask {
  title: string;
  description?: string;
  status: "todo" | "in_progress" | "done";
  priority: "low" | "medium" | "high";
  due?: When;
  assignees: Who[];
  by: Who;
  created: number;
  /** Made from this #vr-bugs message (its text). */
  fromMessage?: string;
}

export const TASKS: DemoTask[] = [
  { title: "Approve the 2.4 release scope", description: "Last look at what goes into 2.4 before go/no-go.", status: "todo", priority: "high", due: 0, assignees: ["priya", "lucas"], by: "priya", created: -6 },
  { title: "Review the Q3 hiring plan with Olivia", description: "Two frontend roles and the interns.", status: "in_progress", priority: "high", due: 1, assignees: ["priya"], by: "alex", created: -12 },
  { title: "Prepare the engineering update for the all-hands", status: "todo", priority: "medium", due: { next: "FR" }, assignees: ["priya"], by: "priya", created: -3 },
  { title: "Write performance review notes", description: "For the team's mid-year reviews.", status: "todo", priority: "medium", due: 9, assignees: ["priya"], by: "priya", created: -10 },
  { title: "Send the engineering budget to finance", status: "done", priority: "medium", due: -2, assignees: ["priya"], by: "ava", created: -9 },
  { title: "Fix headset pairing on Android", description: "Pairing drops after 30 s on Pixel devices.", status: "in_progress", priority: "high", due: 3, assignees: ["jordan"], by: "priya", created: -13 },
  { title: "Write Q3 onboarding guide", description: "Cover accounts, tools and the first-week checklist.", status: "todo", priority: "medium", due: { next: "TU" }, assignees: ["sam", "jordan"], by: "priya", created: -11 },
  { title: "Usability test plan for the lobby", description: "Five sessions, tasks and the consent form.", status: "in_progress", priority: "medium", due: { next: "WE" }, assignees: ["sam"], by: "sam", created: -5 },
  { title: "Icon set for the lobby menus", status: "done", priority: "low", assignees: ["sam"], by: "sam", created: -12 },
  { title: "Fix the reconnect race", description: "The socket can come back before the session; avatars then spawn in the wall.", status: "done", priority: "high", due: -9, assignees: ["jordan"], by: "priya", created: -10, fromMessage: "Found the root cause of the reconnect issues: a race when the socket comes back before the session." },
  { title: "Prepare sprint demo", status: "done", priority: "medium", assignees: ["jordan"], by: "jordan", created: -8 },
  { title: "Add logging to the audio pipeline", status: "todo", priority: "medium", due: 6, assignees: ["jordan"], by: "jordan", created: -7 },
  { title: "Regression pass for 2.4", status: "in_progress", priority: "high", due: 2, assignees: ["maria"], by: "priya", created: -13 },
  { title: "Flaky sign-in test on CI", description: "Fails about once in twenty runs.", status: "todo", priority: "medium", due: -1, assignees: ["maria", "mia"], by: "maria", created: -4 },
  { title: "Lobby settings screen", status: "in_progress", priority: "high", due: 5, assignees: ["mia"], by: "priya", created: -13 },
  { title: "Renew the staging TLS certificate", status: "todo", priority: "high", due: -2, assignees: ["lucas"], by: "lucas", created: -3 },
  { title: "Rotate database credentials", status: "todo", priority: "low", due: 14, assignees: ["lucas"], by: "lucas", created: -6 },
  { title: "Churn dashboard split by plan", status: "in_progress", priority: "medium", due: 4, assignees: ["li", "noah"], by: "noah", created: -2 },
  { title: "Follow up with Northwind after the demo", status: "todo", priority: "high", due: 3, assignees: ["noah", "ethan"], by: "noah", created: -1 },
  { title: "Publish the lobby beta blog post", status: "done", priority: "medium", due: -1, assignees: ["emma"], by: "emma", created: -9 },
  { title: "Review vendor contract", status: "todo", priority: "low", due: 20, assignees: ["alex"], by: "alex", created: -7 },
  { title: "Office lease renewal", status: "todo", priority: "medium", assignees: ["alex", "ava"], by: "alex", created: -5 },
  { title: "Schedule the intern onboarding week", status: "todo", priority: "medium", due: 12, assignees: ["olivia"], by: "olivia", created: -12 },
];

export interface DemoEvent {
  title: string;
  description?: string;
  when: When;
  at: string;
  minutes: number;
  type: "meeting" | "appointment" | "reminder";
  by: Who;
  attendees?: Who[] | "everyone";
  location?: string;
  priority?: "low" | "medium" | "high";
  rule?: string;
  /** A cancelled occurrence of the series, on this day at the series' time. */
  cancel?: When;
  remindMinutes?: number;
}

const ENGINEERING: Who[] = ["priya", "jordan", "maria", "lucas", "mia", "li"];

export const EVENTS: DemoEvent[] = [
  { title: "Engineering stand-up", description: "Yesterday, today, blockers. Fifteen minutes.", when: { from: -13, dow: "MO" }, at: "09:30", minutes: 15, type: "meeting", by: "priya", attendees: ENGINEERING, rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", cancel: { from: -8, dow: "WE" } },
  { title: "Design critique", description: "Bring work in progress; feedback, not approval.", when: { from: -13, dow: "TH" }, at: "15:00", minutes: 60, type: "meeting", by: "sam", attendees: ["priya", "mia", "jordan", "emma"], rule: "FREQ=WEEKLY;BYDAY=TH" },
  { title: "1:1 Priya / Jordan", when: { from: -13, dow: "TU" }, at: "16:00", minutes: 30, type: "meeting", by: "priya", attendees: ["jordan"], rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" },
  { title: "Lunch and learn: measuring retention", when: -7, at: "12:00", minutes: 60, type: "meeting", by: "li", attendees: "everyone", location: "Kitchen, 2nd floor" },
  { title: "Sprint 14 review", when: -6, at: "15:00", minutes: 60, type: "meeting", by: "priya", attendees: ENGINEERING },
  { title: "Sprint 14 retro", when: -4, at: "13:00", minutes: 45, type: "meeting", by: "priya", attendees: ENGINEERING },
  { title: "Frontend interview: first round", when: -2, at: "14:00", minutes: 60, type: "meeting", by: "olivia", attendees: ["mia"] },
  { title: "Release 2.4 go/no-go", when: 1, at: "11:00", minutes: 30, type: "meeting", by: "priya", attendees: ["lucas", "maria", "alex", "jordan"], priority: "high", remindMinutes: 15 },
  { title: "Customer demo: Northwind", description: "The lobby beta on their headsets.", when: 2, at: "14:00", minutes: 60, type: "meeting", by: "noah", attendees: ["priya", "jordan", "ethan"], priority: "high", remindMinutes: 30 },
  { title: "Frontend interview: final round", when: 3, at: "13:00", minutes: 60, type: "meeting", by: "olivia", attendees: ["mia", "priya"] },
  { title: "Submit expense reports", when: 4, at: "09:00", minutes: 15, type: "reminder", by: "priya" },
  { title: "Quarterly budget review", when: 6, at: "14:00", minutes: 60, type: "meeting", by: "ava", attendees: ["alex", "priya", "emma"] },
  { title: "All-hands", description: "Company update, the new office, 2.4 and hiring.", when: { next: "FR" }, at: "16:00", minutes: 60, type: "meeting", by: "alex", attendees: "everyone", remindMinutes: 15 },
  { title: "Offsite planning", when: 8, at: "10:00", minutes: 60, type: "meeting", by: "emma", attendees: ["alex", "priya", "olivia"] },
  { title: "Dentist", when: { next: "MO" }, at: "07:30", minutes: 60, type: "appointment", by: "sam", location: "Main Street Dental" },
];

export interface DemoNote {
  topic: string;
  content: string;
  tags: string[];
  mood?: "happy" | "excited" | "grateful" | "neutral" | "stressed" | "sad";
  pinned?: boolean;
  by: Who;
  day: number;
}

export const NOTES: DemoNote[] = [
  { topic: "Quarter goals", content: "Ship the lobby, cut the crash rate in half, hire two frontend engineers.", tags: ["goals", "q3"], pinned: true, by: "priya", day: -12 },
  { topic: "1:1 with Jordan", content: "Wants to speak at a conference: support the **ViennaJS** request.\nGrowth: lead the audio pipeline work.", tags: ["1:1"], mood: "happy", by: "priya", day: -6 },
  { topic: "All-hands talking points", content: "- 2.4: scope, blockers fixed, date holds\n- Hiring: shortlist for the frontend role\n- Thanks to Maria for the regression pass", tags: ["all-hands"], mood: "excited", by: "priya", day: -1 },
  { topic: "Ideas for the offsite", content: "Hike, a workshop on async communication, team dinner.", tags: ["offsite", "team"], pinned: true, mood: "excited", by: "jordan", day: -9 },
  { topic: "1:1 with Priya", content: "Talked about the growth plan and the conference budget.", tags: ["1:1"], mood: "grateful", by: "jordan", day: -6 },
  { topic: "Reconnect race", content: "The socket can reconnect before the session is restored. Fix: wait for `session.ready` before joining rooms.", tags: ["bugs", "notes"], mood: "neutral", by: "jordan", day: -10 },
  { topic: "Office move", content: "Budget approved. Next: floor plan, movers, a date in the autumn.", tags: ["office"], by: "alex", day: -6 },
  { topic: "Release checklist learnings", content: "Freeze a day earlier; run the regression pass on real headsets.", tags: ["release"], mood: "stressed", by: "maria", day: -3 },
];

export interface DemoApproval {
  title: string;
  description: string;
  category: "Budget" | "Purchase" | "Time Off" | "Travel" | "Other";
  amount?: number;
  start?: When;
  end?: When;
  by: Who;
  day: number;
  decided?: { status: "approved" | "rejected"; by: Who; day: number; comment: string };
}

export const APPROVALS: DemoApproval[] = [
  { title: "ViennaJS conference ticket", description: "Two days of talks; I'd like to propose one about our reconnect work.", category: "Budget", amount: 450, by: "jordan", day: -2 },
  { title: "Tableau licence", description: "One seat for the churn dashboard.", category: "Purchase", amount: 840, by: "li", day: -1 },
  { title: "Summer holiday", description: "Family trip.", category: "Time Off", start: 30, end: 37, by: "sam", day: -4 },
  { title: "Long weekend", description: "Visiting family.", category: "Time Off", start: 18, end: 21, by: "maria", day: -3 },
  { title: "Mountain holiday", description: "Hiking, offline.", category: "Time Off", start: 0, end: 2, by: "ethan", day: -8, decided: { status: "approved", by: "alex", day: -7, comment: "Enjoy! Noah covers your accounts." } },
  { title: "New monitor", description: "27 inch 4K for design work.", category: "Purchase", amount: 389.99, by: "sam", day: -5, decided: { status: "approved", by: "priya", day: -1, comment: "Approved, order through IT." } },
  { title: "On-call compensation", description: "Two weekends on call this month.", category: "Budget", amount: 300, by: "lucas", day: -9, decided: { status: "approved", by: "priya", day: -8, comment: "Thanks for covering." } },
  { title: "Trip to the Madrid prospect", description: "Flights and one night.", category: "Travel", amount: 620, by: "ethan", day: -10, decided: { status: "rejected", by: "alex", day: -9, comment: "Let's do a video call first." } },
];

export interface DemoFile {
  name: string;
  kind: "markdown" | "text" | "csv" | "png";
  description: string;
  tags: string[];
  by: Who;
  shared: Who[];
  day: number;
}

export const FILES: DemoFile[] = [
  { name: "Q3 roadmap.md", kind: "markdown", description: "What engineering ships this quarter.", tags: ["roadmap", "q3"], by: "priya", shared: ["alex", "maria", "lucas", "mia", "li"], day: -11 },
  { name: "Release 2.4 checklist.txt", kind: "text", description: "Steps from freeze to rollout.", tags: ["release"], by: "lucas", shared: ["priya", "maria", "mia"], day: -5 },
  { name: "Offsite agenda.txt", kind: "text", description: "Draft agenda for the offsite.", tags: ["offsite"], by: "emma", shared: ["alex", "priya", "olivia"], day: -4 },
  { name: "Support tickets by week.csv", kind: "csv", description: "Tickets opened and closed, last eight weeks.", tags: ["support", "data"], by: "noah", shared: ["priya", "ethan", "li"], day: -3 },
  { name: "Weekly active users.png", kind: "png", description: "Active users per week.", tags: ["analytics"], by: "li", shared: ["priya", "alex", "emma"], day: -12 },
];

export interface DemoCall {
  from: Who;
  to: Who[];
  type: "audio" | "video";
  day: number;
  at: string;
  /** Minutes connected; 0 for a call that never connected. */
  minutes: number;
  status: "ended" | "missed" | "rejected";
}

export const CALLS: DemoCall[] = [
  { from: "priya", to: ["jordan"], type: "video", day: -6, at: "14:05", minutes: 23, status: "ended" },
  { from: "priya", to: ["maria", "lucas", "mia"], type: "audio", day: -3, at: "10:00", minutes: 41, status: "ended" },
  { from: "emma", to: ["priya"], type: "audio", day: -2, at: "15:20", minutes: 0, status: "missed" },
  { from: "noah", to: ["ethan"], type: "video", day: -2, at: "11:10", minutes: 12, status: "ended" },
  { from: "alex", to: ["priya"], type: "audio", day: -1, at: "17:10", minutes: 0, status: "rejected" },
  { from: "jordan", to: ["maria"], type: "video", day: 0, at: "09:50", minutes: 8, status: "ended" },
];
