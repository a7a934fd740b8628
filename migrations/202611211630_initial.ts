import { type Kysely, sql } from "kysely";

// One schema for both engines (Postgres and PGlite): lists are text[], objects jsonb,
// dates that the app keeps as text (due_date, start_datetime) stay text with a format check.
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = (name: string) => sql.raw(`${name} timestamptz not null default now()`);
  await sql`
    create table users (
      id serial primary key,
      email text not null,
      password_hash text,
      full_name text not null default '',
      job_title text,
      department text,
      phone_number text,
      status_message text,
      profile_photo text,
      role text not null default 'user' check (role in ('user','admin')),
      team_role text not null default 'member' check (team_role in ('member','manager','admin')),
      user_status text not null default 'online' check (user_status in ('online','away','busy')),
      show_online_status boolean not null default true,
      notification_preferences text not null default 'all' check (notification_preferences in ('all','mentions','none')),
      last_seen_at timestamptz,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await sql`
    create table sessions (
      id uuid primary key,
      user_id integer not null references users(id) on delete cascade,
      ${ts("created_at")},
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions (user_id)`.execute(db);

  await sql`
    create table invitations (
      id serial primary key,
      token_hash text not null unique,
      email text not null,
      message text,
      invited_by integer not null references users(id) on delete cascade,
      ${ts("created_at")},
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_user_id integer references users(id) on delete set null
    )`.execute(db);

  await sql`
    create table channels (
      id serial primary key,
      name text not null,
      description text,
      type text not null default 'public' check (type in ('public','private','dm')),
      is_system boolean not null default false,
      members text[] not null default '{}',
      last_activity timestamptz not null default now(),
      created_by text,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index channels_members_idx on channels using gin (members)`.execute(db);

  await sql`
    create table messages (
      id serial primary key,
      channel_id integer not null references channels(id) on delete cascade,
      content text not null default '',
      sender_id integer references users(id) on delete set null,
      sender_name text not null default '',
      sender_email text not null default '',
      message_type text not null default 'text' check (message_type in ('text','file','image')),
      file_url text,
      file_name text,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index messages_channel_id_idx on messages (channel_id, id desc)`.execute(db);
  await sql`create index messages_channel_time_idx on messages (channel_id, created_at desc)`.execute(db);

  await sql`
    create table tasks (
      id serial primary key,
      title text not null,
      description text,
      status text not null default 'todo' check (status in ('todo','in_progress','done')),
      priority text not null default 'medium' check (priority in ('low','medium','high')),
      due_date text check (due_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      assignee_email text,
      assignee_emails text[] not null default '{}',
      outcome text,
      source_message_id integer references messages(id) on delete set null,
      source_channel_id integer references channels(id) on delete set null,
      created_by text,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index tasks_assignees_idx on tasks using gin (assignee_emails)`.execute(db);
  await sql`create index tasks_assignee_idx on tasks (assignee_email)`.execute(db);
  await sql`create index tasks_created_by_idx on tasks (created_by)`.execute(db);
  await sql`create unique index tasks_source_message_key on tasks (source_message_id) where source_message_id is not null`.execute(db);

  await sql`
    create table calendar_events (
      id serial primary key,
      title text not null,
      description text,
      start_datetime text not null check (start_datetime ~ '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$'),
      end_datetime text not null check (end_datetime ~ '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$'),
      event_type text not null default 'appointment' check (event_type in ('appointment','meeting','reminder')),
      location text,
      attendees text[] not null default '{}',
      priority text not null default 'medium' check (priority in ('low','medium','high')),
      is_recurring boolean not null default false,
      reminder_time text,
      preparation_time text,
      meeting_id text,
      created_by text not null,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index events_created_by_idx on calendar_events (created_by, start_datetime)`.execute(db);
  await sql`create index events_attendees_idx on calendar_events using gin (attendees)`.execute(db);
  await sql`create index events_meeting_idx on calendar_events (meeting_id)`.execute(db);

  await sql`
    create table notes (
      id serial primary key,
      topic text not null,
      content text not null,
      tags text[] not null default '{}',
      is_pinned boolean not null default false,
      mood text check (mood in ('happy','excited','grateful','neutral','stressed','sad')),
      created_by text not null,
      org_key text not null default 'org_1',
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index notes_created_by_idx on notes (created_by, updated_at desc)`.execute(db);

  await sql`
    create table approval_requests (
      id serial primary key,
      title text not null,
      description text not null default '',
      category text not null default 'Other',
      amount double precision,
      start_date text,
      end_date text,
      status text not null default 'pending' check (status in ('pending','approved','rejected')),
      requested_by_name text,
      created_by text not null,
      approver_email text,
      approver_comments text,
      decision_date timestamptz,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index approvals_created_by_idx on approval_requests (created_by)`.execute(db);
  await sql`create index approvals_status_idx on approval_requests (status, created_at desc)`.execute(db);

  await sql`
    create table stored_files (
      id uuid primary key,
      upload_type text not null default 'file_library',
      item_id text,
      original_filename text not null,
      mime_type text not null,
      size_bytes bigint not null,
      checksum_sha256 text not null,
      storage_key text not null,
      storage_backend text not null default 'local',
      owner_id integer references users(id) on delete set null,
      ${ts("created_at")}
    )`.execute(db);
  await sql`create index stored_files_owner_idx on stored_files (owner_id)`.execute(db);

  await sql`
    create table shared_files (
      id serial primary key,
      name text not null,
      description text,
      category text not null default 'other' check (category in ('document','image','video','audio','archive','file','other')),
      tags text[] not null default '{}',
      file_url text,
      file_size bigint,
      file_type text,
      shared_with_emails text[] not null default '{}',
      stored_file_id uuid references stored_files(id) on delete set null,
      created_by text,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index shared_files_owner_idx on shared_files (created_by)`.execute(db);
  await sql`create index shared_files_shared_idx on shared_files using gin (shared_with_emails)`.execute(db);
  await sql`create index shared_files_stored_idx on shared_files (stored_file_id)`.execute(db);

  await sql`
    create table resources (
      id serial primary key,
      title text not null,
      url text not null,
      description text,
      category text not null default 'other' check (category in ('policy','tool','documentation','training','benefits','other')),
      priority text not null default 'medium' check (priority in ('high','medium','low')),
      is_internal boolean not null default true,
      tags text[] not null default '{}',
      created_by text,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);

  await sql`
    create table org_storage_config (
      id serial primary key,
      storage_provider text check (storage_provider in ('aws_s3','google_cloud','local')),
      storage_config jsonb not null default '{}',
      is_active boolean not null default false,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);

  await sql`
    create table call_history (
      id serial primary key,
      call_id text not null unique,
      call_type text not null default 'video' check (call_type in ('audio','video')),
      status text not null default 'initiated' check (status in ('initiated','ringing','connected','ended','rejected','missed')),
      is_group boolean not null default false,
      initiator_id integer references users(id) on delete set null,
      started_at timestamptz,
      ended_at timestamptz,
      duration_seconds integer not null default 0,
      recording_status text not null default 'not_configured' check (recording_status in ('not_configured','processing','completed','recording','failed')),
      recording_error text,
      recording_file_id uuid references stored_files(id) on delete set null,
      ${ts("created_at")},
      ${ts("updated_at")}
    )`.execute(db);
  await sql`create index call_history_status_idx on call_history (status)`.execute(db);

  await sql`
    create table call_participants (
      call_id text not null references call_history(call_id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      status text not null default 'invited' check (status in ('invited','ringing','joined','rejected','missed','left')),
      joined_at timestamptz,
      left_at timestamptz,
      duration_seconds integer not null default 0,
      primary key (call_id, user_id)
    )`.execute(db);
  await sql`create index call_participants_user_idx on call_participants (user_id, call_id)`.execute(db);

  await sql`
    create table pending_signals (
      id bigserial primary key,
      call_id text not null,
      to_user_id integer not null references users(id) on delete cascade,
      from_user_id integer not null references users(id) on delete cascade,
      from_user_name text not null default '',
      from_user_email text not null default '',
      message_type text not null,
      message_data jsonb,
      extra jsonb,
      ${ts("created_at")},
      delivered_at timestamptz
    )`.execute(db);
  await sql`create index pending_signals_to_idx on pending_signals (to_user_id, id) where delivered_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "pending_signals",
    "call_participants",
    "call_history",
    "org_storage_config",
    "resources",
    "shared_files",
    "stored_files",
    "approval_requests",
    "notes",
    "calendar_events",
    "tasks",
    "messages",
    "channels",
    "invitations",
    "sessions",
    "users",
  ]) {
    await sql`drop table if exists ${sql.raw(t)} cascade`.execute(db);
  }
}
