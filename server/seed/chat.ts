// The demo organisation's last fortnight of chat: per channel, exchanges of a few lines on a day
// relative to the first start (0 is that day, -13 the first) at a UTC time of day. Texts never
// name a weekday, since the days they fall on depend on when the demo is created.
import type { Who } from "./data";

export interface Exchange {
  day: number;
  /** HH:MM UTC of the first line; the others follow a few minutes apart. */
  at: string;
  lines: Array<[Who, string]>;
}

/** #general holds 120 messages: three pages of history (50, 50, 20) to page back through. */
export const GENERAL: Exchange[] = [
  { day: -13, at: "09:02", lines: [["alex", "Good morning, everyone! The new expense policy is live in the handbook."], ["ava", "Thanks Alex. Receipts older than 60 days now need a manager's OK, so please send yours soon."], ["lucas", "Noted, I still have a stack from the Berlin trip."]] },
  { day: -13, at: "11:40", lines: [["priya", "Sprint 14 starts today. Goals are pinned in the Engineering wiki."], ["jordan", "Headset pairing is my first stop."], ["mia", "I'm on the lobby settings screen."], ["maria", "I'll start the regression plan for 2.4."]] },
  { day: -13, at: "15:20", lines: [["emma", "The spring newsletter went out: 41% open rate so far 🎉"], ["noah", "Two customers already replied asking about the lobby beta."], ["emma", "Love it. Forward them to me and I'll add them to the beta list."]] },
  { day: -12, at: "09:15", lines: [["olivia", "Two interns join us next month! I'll share their first-week plan soon."], ["alex", "Great news. Let's make sure their laptops are ordered in time."], ["lucas", "On it, I'll open the IT ticket today."]] },
  { day: -12, at: "13:05", lines: [["li", "The weekly usage chart is in the File Library. Active users are up 8% week over week."], ["priya", "Nice. Which regions grew most?"], ["li", "Mostly EMEA, after the German localisation shipped."], ["ethan", "That matches what I hear from the Munich accounts."]] },
  { day: -12, at: "16:45", lines: [["mia", "Anyone else seeing slow builds on CI this afternoon?"], ["lucas", "Yes, one of the runners is out of disk. Cleaning it up now."], ["lucas", "Fixed. Builds are back to about 6 minutes."], ["mia", "Thank you!"]] },
  { day: -11, at: "09:30", lines: [["alex", "Office update: the third floor kitchen is closed for repairs for a few days."], ["sam", "Coffee on the second floor it is."]] },
  { day: -11, at: "10:50", lines: [["maria", "Staging is down for a database migration from 11:00 to 11:30."], ["maria", "Staging is back up. Thanks for your patience."]] },
  { day: -11, at: "14:10", lines: [["noah", "The call with Northwind went well, they want a demo of the lobby soon."], ["priya", "Great. Jordan, can you prepare the demo build?"], ["jordan", "Sure, I'll cut a build from the release branch."], ["ethan", "I'll send the calendar invite."]] },
  { day: -10, at: "09:05", lines: [["priya", "Good morning! Stand-up notes went to #vr-bugs today, we had a long one."], ["jordan", "The reconnect race is the big one, details there."]] },
  { day: -10, at: "12:30", lines: [["emma", "Lunch and learn coming up: Li presents how we measure retention. Pizza included."], ["li", "Slides are almost done. Bring questions!"], ["ava", "Count me in."], ["olivia", "Me too."]] },
  { day: -10, at: "17:00", lines: [["lucas", "Heads up: I'm on call this week. Page me through the usual number."], ["alex", "Thanks Lucas."]] },
  { day: -9, at: "09:20", lines: [["sam", "New onboarding designs are in the File Library, feedback welcome."], ["mia", "The contrast on the welcome screen looks much better."], ["priya", "Agreed. Let's go through them at the design critique."]] },
  { day: -9, at: "11:45", lines: [["ava", "Reminder: Q3 budget requests are due by the end of next week."], ["priya", "Engineering's draft is almost ready."], ["emma", "Marketing's too. Ava, is the template the same as last quarter?"], ["ava", "Same template, one new line for tooling subscriptions."]] },
  { day: -9, at: "15:35", lines: [["jordan", "I pushed a fix for the login redirect. It should be on staging in ten minutes."], ["maria", "Verified on staging, looks good."], ["jordan", "Thanks Maria!"]] },
  { day: -8, at: "09:10", lines: [["alex", "Reminder that the offsite survey closes soon."], ["olivia", "Only 6 answers so far, please take two minutes for it."]] },
  { day: -8, at: "13:00", lines: [["noah", "The support queue is empty for the first time this month 🙌"], ["priya", "That's the headset firmware fix paying off."], ["noah", "Exactly. Tickets about pairing dropped by half."]] },
  { day: -8, at: "16:30", lines: [["emma", "Who has photos from the last meetup? We'd like a few for the blog."], ["sam", "I have some, uploading them now."], ["emma", "Perfect, thanks!"]] },
  { day: -7, at: "10:00", lines: [["priya", "Sprint 14 review is tomorrow at 15:00, with demos from Jordan, Mia and Maria."], ["mia", "I'll show the new settings screen."]] },
  { day: -6, at: "09:40", lines: [["alex", "The board approved the budget for the new office space. More at the all-hands."], ["ethan", "Great news!"], ["ava", "Finance will share the numbers with managers."]] },
  { day: -6, at: "14:25", lines: [["li", "The retention talk recording is in the File Library for those who missed it."], ["olivia", "Thanks Li, that was really useful."]] },
  { day: -5, at: "09:00", lines: [["lucas", "Planned maintenance tonight 22:00–22:30 UTC: the VPN will be unavailable."], ["alex", "Thanks for the heads-up."]] },
  { day: -5, at: "11:15", lines: [["maria", "The regression pass for 2.4 is 70% done. Two blockers so far, both in #vr-bugs."], ["priya", "Thanks Maria. We decide on go/no-go soon."]] },
  { day: -5, at: "16:10", lines: [["emma", "The lobby beta landing page is live: 120 sign-ups in the first hour."], ["noah", "Wow. I'll let the waiting customers know."], ["jordan", "The servers are holding up fine 😄"]] },
  { day: -4, at: "09:25", lines: [["olivia", "We have a strong shortlist for the frontend role. Interviews start this week."], ["mia", "Happy to do the technical interview."], ["olivia", "Thank you! I'll send the invites."]] },
  { day: -4, at: "13:40", lines: [["priya", "Sprint 14 retro: fewer meetings, more pairing, and a bug triage rotation."], ["jordan", "+1 to the rotation."], ["maria", "I'll set up the schedule."]] },
  { day: -4, at: "17:05", lines: [["ethan", "Closed the Northwind renewal for two more years!"], ["alex", "Fantastic work, Ethan."], ["noah", "Well deserved 👏"], ["ava", "The invoice is on its way."]] },
  { day: -3, at: "09:10", lines: [["alex", "Good morning! The all-hands agenda is in the invite; add your topics to it."], ["priya", "Engineering will give a short update on 2.4."]] },
  { day: -3, at: "11:30", lines: [["sam", "Usability sessions for the lobby are booked: five participants."], ["emma", "Can marketing observe one of them?"], ["sam", "Of course, I'll share the schedule."]] },
  { day: -3, at: "15:50", lines: [["lucas", "The staging TLS certificate expires soon, renewing it is on my list."], ["priya", "Thanks, please do it before the 2.4 release."]] },
  { day: -2, at: "09:30", lines: [["li", "The churn dashboard has a first version. Feedback welcome before I share it widely."], ["noah", "Looks great. Can we split it by plan?"], ["li", "Good idea, adding that today."]] },
  { day: -2, at: "12:15", lines: [["olivia", "Please fill in the interview scorecards within a day of each interview."], ["mia", "Done for today's."]] },
  { day: -2, at: "16:40", lines: [["jordan", "The demo build for Northwind is ready and tested on three headsets."], ["noah", "Thanks Jordan, the customer is excited."], ["priya", "Great job, team."]] },
  { day: -1, at: "09:05", lines: [["alex", "Good morning! Ethan is on holiday for a few days, Noah covers his accounts."], ["noah", "Yes, send anything urgent my way."]] },
  { day: -1, at: "11:20", lines: [["maria", "Regression pass done: one open blocker, and its fix is in review."], ["jordan", "The fix is mine, it should merge today."], ["priya", "Thanks both. Go/no-go stays as planned."]] },
  { day: -1, at: "14:45", lines: [["emma", "The blog post about the lobby beta is published."], ["sam", "The screenshots look great."], ["emma", "All yours, Sam!"]] },
  { day: -1, at: "17:30", lines: [["lucas", "The deploy window for the hotfix starts in 15 minutes."], ["lucas", "Hotfix deployed, all checks green."], ["alex", "Thanks Lucas."]] },
  { day: 0, at: "08:55", lines: [["priya", "Good morning, everyone!"], ["mia", "Morning! The lobby settings screen is ready for review."], ["maria", "I'll test it after lunch."]] },
  { day: 0, at: "09:40", lines: [["ava", "Payroll runs on schedule this month, nothing to do on your side."], ["olivia", "Thanks Ava."]] },
  { day: 0, at: "10:30", lines: [["alex", "Tour of the new office space soon, sign up in the thread."], ["sam", "I'm in."], ["li", "Me too."], ["jordan", "Count me in."]] },
  { day: 0, at: "11:15", lines: [["noah", "The Northwind demo is confirmed, thanks to everyone who helped."], ["priya", "Let's make it a good one!"], ["jordan", "The build is ready and tested."]] },
  { day: 0, at: "12:05", lines: [["emma", "Lunch at the usual place at 12:30?"], ["lucas", "Yes please."], ["mia", "Save me a seat."]] },
];

export const RANDOM: Exchange[] = [
  { day: -12, at: "12:10", lines: [["jordan", "Anyone up for a board game night?"], ["mia", "Yes! I'll bring Codenames."], ["lucas", "I'm in."]] },
  { day: -10, at: "08:50", lines: [["sam", "Sunrise from the office this morning 🌅"], ["emma", "Beautiful!"]] },
  { day: -8, at: "12:40", lines: [["li", "Book tip: the 20th anniversary edition of The Pragmatic Programmer is excellent."], ["maria", "Adding it to my list."], ["jordan", "Agreed, the chapter on estimates alone is worth it."]] },
  { day: -5, at: "13:20", lines: [["olivia", "The running club meets at 7:00 by the river, beginners welcome."], ["ava", "I might join next time."]] },
  { day: -3, at: "12:55", lines: [["noah", "Whoever left the lemon cake in the kitchen: thank you."], ["lucas", "That was me. Birthday leftovers 🎂"], ["emma", "Happy birthday Lucas!"], ["mia", "Happy birthday! 🎉"]] },
  { day: -1, at: "16:20", lines: [["ethan", "Off to the mountains tomorrow, see you all soon."], ["sam", "Have fun!"]] },
  { day: 0, at: "09:10", lines: [["mia", "Board game night is on after work, meet in the lounge."]] },
];

export const VR_BUGS: Exchange[] = [
  { day: -13, at: "10:15", lines: [["maria", "Headset pairing drops after about 30 seconds on Pixel phones. Steps are in the task."], ["jordan", "I can reproduce it with a Pixel 7. Looking into it."]] },
  { day: -11, at: "15:00", lines: [["mia", "The lobby avatar sometimes spawns inside the wall after a reconnect."], ["maria", "Seen it twice today, always after the headset went to sleep."]] },
  // The first line here becomes a task (see TASKS in ./data).
  { day: -10, at: "09:35", lines: [["jordan", "Found the root cause of the reconnect issues: a race when the socket comes back before the session."], ["priya", "Nice find. Can you take it?"], ["jordan", "Yes, fix by tomorrow."]] },
  { day: -9, at: "16:05", lines: [["jordan", "The reconnect race fix is merged."], ["maria", "Verified, avatars spawn in the lobby again."]] },
  { day: -7, at: "11:25", lines: [["noah", "A customer reports audio cutting out in rooms with more than six people."], ["lucas", "The servers look healthy. Could be the client's bandwidth estimate."], ["jordan", "I'll add logging to the audio pipeline."]] },
  { day: -5, at: "10:40", lines: [["maria", "Blocker for 2.4: the settings screen crashes when the display name is empty."], ["mia", "My bad, fix coming."]] },
  { day: -1, at: "10:05", lines: [["maria", "Last blocker for 2.4: the login redirect loops when the session expires during a call."], ["jordan", "On it, the fix is in review."]] },
  { day: 0, at: "09:55", lines: [["maria", "Both 2.4 blockers are fixed and verified ✅"]] },
];

export const VR_IDEAS: Exchange[] = [
  { day: -12, at: "15:30", lines: [["sam", "Idea: let people pick a seat in the lobby before a meeting starts."], ["mia", "Love it. It could reuse the avatar placement code."], ["priya", "Let's add it to the Q3 list."]] },
  { day: -9, at: "10:20", lines: [["noah", "Customers keep asking for shared whiteboards in rooms."], ["emma", "That would make a great launch story."]] },
  { day: -6, at: "14:00", lines: [["li", "What if the lobby showed who is already in the meeting, like a waiting room?"], ["jordan", "We have the presence data for it already."], ["sam", "I'll sketch a version."]] },
  { day: -2, at: "11:00", lines: [["mia", "Dark mode for the headset menus? The bright panels hurt in dim rooms."], ["sam", "Yes please. I have colours ready from the web app."]] },
  { day: 0, at: "10:45", lines: [["emma", "Poll for the next idea to build: seats, whiteboards or the waiting room? Reply with your pick."]] },
];

export const VR_PROBLEMS: Exchange[] = [
  { day: -13, at: "14:40", lines: [["noah", "Northwind says first-time setup takes too long on their managed laptops."], ["lucas", "It's the driver install. I'll write a silent installer guide."]] },
  { day: -11, at: "10:30", lines: [["noah", "A school customer's proxy blocks WebSocket connections."], ["lucas", "The app falls back to long-polling there; I asked them to allow WebSocket upgrades too."]] },
  { day: -8, at: "15:15", lines: [["ethan", "A prospect in Madrid asks for Spanish subtitles in the tutorials."], ["emma", "Spanish subtitles are in progress, ready next month."]] },
  { day: -4, at: "10:05", lines: [["noah", "Two customers can't find the recording download."], ["sam", "The button hides in the menu on small screens. I'll move it."]] },
  { day: -1, at: "13:30", lines: [["noah", "Northwind's IT wants a security questionnaire before the rollout."], ["alex", "I'll fill in the usual one, send it over."]] },
  { day: 0, at: "11:40", lines: [["noah", "Questionnaire sent, thanks Alex."]] },
];

export const LEADERSHIP: Exchange[] = [
  { day: -12, at: "17:10", lines: [["alex", "Can we talk about the Q3 hiring plan this week?"], ["priya", "Yes, right after the stand-up works for me."]] },
  { day: -9, at: "08:45", lines: [["priya", "The engineering budget draft is in the File Library."], ["alex", "Thanks, I'll read it tonight."]] },
  { day: -6, at: "17:30", lines: [["alex", "The office space budget is approved. Let's plan the move for the autumn."], ["priya", "Great, the team will love more meeting rooms."]] },
  { day: -2, at: "18:05", lines: [["priya", "Go/no-go for 2.4 looks good. One blocker left, its fix is in review."], ["alex", "Good. Let's keep the date."]] },
  { day: 0, at: "08:40", lines: [["alex", "The all-hands agenda is in the invite. Can you take the engineering slot?"], ["priya", "Yes, ten minutes on 2.4 and hiring."]] },
];

/** The direct messages between Priya and Jordan. */
export const DM_PRIYA_JORDAN: Exchange[] = [
  { day: -6, at: "13:15", lines: [["priya", "Hi Jordan, do you have 15 minutes to prepare our 1:1?"], ["jordan", "Sure, after lunch?"], ["priya", "Perfect."]] },
  { day: -2, at: "17:20", lines: [["jordan", "I'd like to go to the ViennaJS conference; I filed the budget request."], ["priya", "Good idea. I'll look at it soon."]] },
  { day: 0, at: "10:05", lines: [["priya", "Thanks for the Northwind build, the customer loved the preview."], ["jordan", "Glad to hear it! Audio logging is next on my list."]] },
];
