// The calendar_events table as the engine sees it (docs/architecture.md, "Adding a table").
import type { TableFeature } from "../../entities/policy";
import { calendarEventsPolicy } from "./policy";
import { calendarEventsHooks } from "./hooks";
import { eventVersions, eventView } from "./view";

export const calendarEventsTable: TableFeature<"calendar_events"> = {
  policy: calendarEventsPolicy,
  hooks: calendarEventsHooks,
  view: eventView,
  versions: eventVersions,
};
