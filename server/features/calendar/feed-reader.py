"""Reads an iCalendar feed the way calendar apps do, with libraries this project did not write
(Debian's python3-icalendar and python3-recurring-ical-events), and prints every occurrence
between two dates as JSON: one object per occurrence, times as UTC ISO text (all-day events as
dates), with the meeting's organizer and attendees. Used by feed.test.ts.

    feed-reader.py FROM TO < calendar.ics    (FROM, TO: YYYY-MM-DD)
"""
import datetime
import json
import sys

import icalendar
import recurring_ical_events


def when(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            raise SystemExit("floating time in the feed: %s" % value)
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def people(prop):
    if prop is None:
        return []
    return [{"email": str(p).replace("mailto:", "", 1), "name": p.params.get("CN")} for p in (prop if isinstance(prop, list) else [prop])]


def main():
    start, end = (datetime.date.fromisoformat(a) for a in sys.argv[1:3])
    calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    out = []
    for ev in recurring_ical_events.of(calendar).between(start, end):
        organizer = people(ev.get("ORGANIZER"))
        out.append({
            "uid": str(ev.get("UID")),
            "summary": str(ev.get("SUMMARY")),
            "start": when(ev.get("DTSTART").dt),
            "end": when(ev.get("DTEND").dt),
            "all_day": not isinstance(ev.get("DTSTART").dt, datetime.datetime),
            "organizer": organizer[0] if organizer else None,
            "attendees": people(ev.get("ATTENDEE")),
        })
    json.dump(sorted(out, key=lambda o: (o["start"], o["summary"])), sys.stdout)


main()
