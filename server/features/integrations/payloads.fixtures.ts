// What real tools post to a Slack incoming webhook, kept as they send it (field names, types and
// the shapes of their default templates), for the tests of docs/integrations.md. Each names the
// source it follows; values (hosts, names, times) are made up.

/**
 * Grafana Alerting, contact point of type Slack with a webhook URL: grafana/alerting
 * receivers/slack/slack.go (`slackMessage` with one `attachment`: title, title_link, text from the
 * default template "default.message", fallback, footer "Grafana v…", footer_icon, color #D63232
 * firing / #36a64f resolved, ts, mrkdwn_in), username "Grafana" by default.
 */
export const grafana = {
  channel: "",
  username: "Grafana",
  icon_emoji: "",
  icon_url: "",
  attachments: [
    {
      title: "[FIRING:1] HighCPU (node-1 critical)",
      title_link: "http://grafana.example.test:3000/alerting/list",
      text:
        "**Firing**\n\nValue: B=92.5\nLabels:\n - alertname = HighCPU\n - instance = node-1\n - severity = critical\nAnnotations:\n - summary = CPU above 90% for 5 minutes\n" +
        "Source: http://grafana.example.test:3000/alerting/grafana/ddk1/view?orgId=1\nSilence: http://grafana.example.test:3000/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DHighCPU\n",
      fallback: "[FIRING:1] HighCPU (node-1 critical)",
      footer: "Grafana v11.3.0",
      footer_icon: "https://grafana.com/static/assets/img/fav32.png",
      color: "#D63232",
      ts: 1764320400,
      mrkdwn_in: ["pretext"],
    },
  ],
};

/**
 * Prometheus Alertmanager, `slack_configs` with `api_url` and the default templates: alertmanager
 * notify/slack/slack.go (`request` with `attachments`: title, title_link, pretext, text, fallback,
 * callback_id, footer, color, mrkdwn_in ["fallback","pretext","text"]) and template/default.tmpl
 * (slack.default.title "[FIRING:2] …", titlelink "<external URL>/#/alerts?receiver=…", username
 * "Alertmanager", color `danger` while firing; text, pretext and footer empty), plus one
 * `actions` button as many setups add (a runbook link).
 */
export const alertmanager = {
  username: "Alertmanager",
  icon_emoji: "",
  icon_url: "",
  link_names: false,
  attachments: [
    {
      title: "[FIRING:2] InstanceDown (prod)",
      title_link: "http://alertmanager.example.test:9093/#/alerts?receiver=team-slack",
      pretext: "",
      text: "",
      fallback: "[FIRING:2] InstanceDown (prod) | http://alertmanager.example.test:9093/#/alerts?receiver=team-slack",
      callback_id: "",
      footer: "",
      color: "danger",
      mrkdwn_in: ["fallback", "pretext", "text"],
      actions: [{ type: "button", text: "Runbook :blue_book:", url: "https://runbooks.example.test/InstanceDown", style: "" }],
    },
  ],
};

/**
 * GitHub Actions through slackapi/slack-github-action (v2, `webhook-type: incoming-webhook`): the
 * payload of its README's example, `text` for notifications and a mrkdwn section block, with the
 * job status and the run's address filled in.
 */
export const githubActions = {
  text: "*GitHub Action build result*: success\nhttps://github.com/acme/shop/actions/runs/12345",
  blocks: [
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: "GitHub Action build result: *success* on `main` by <https://github.com/octocat|octocat>\n<https://github.com/acme/shop/actions/runs/12345|View run #12345>",
      },
    },
  ],
};

/**
 * Uptime Kuma's Slack notification provider with rich messages on: server/notification-providers/slack.js
 * (`attachments[0]` with color #e01e5a down / #2eb886 up and `blocks` from buildBlocks: a header
 * "Uptime Kuma Alert", a section whose fields are "*Message*\n…" and "*Time (zone)*\n…", and an
 * actions block of link buttons), sent with the configured username and icon_emoji.
 */
export const uptimeKuma = {
  channel: "#ops",
  username: "Uptime Kuma",
  icon_emoji: ":robot_face:",
  text: "Uptime Kuma Alert",
  attachments: [
    {
      color: "#e01e5a",
      blocks: [
        { type: "header", text: { type: "plain_text", text: "Uptime Kuma Alert" } },
        {
          type: "section",
          fields: [
            { type: "mrkdwn", text: "*Message*\n[Shop API] [🔴 Down] connect ECONNREFUSED 10.0.0.12:443" },
            { type: "mrkdwn", text: "*Time (Europe/Berlin)*\n2026-11-28 11:02:13" },
          ],
        },
        {
          type: "actions",
          elements: [
            { type: "button", text: { type: "plain_text", text: "Visit Uptime Kuma" }, value: "Uptime-Kuma", url: "https://status.example.test/dashboard/4" },
            { type: "button", text: { type: "plain_text", text: "Visit site" }, value: "Site", url: "https://shop.example.test" },
          ],
        },
      ],
    },
  ],
};

/**
 * Jenkins, the Slack Notification plugin (jenkinsci/slack-plugin) posting to an incoming webhook:
 * StandardSlackService sends the build message as an attachment (fallback, color
 * good/warning/danger, text, mrkdwn_in) with link_names and unfurl flags as text, the message
 * in its default form "<job> - #<n> <status> after <duration> (<url|Open>)". Sent as a form body
 * with the JSON in `payload=` here, as Slack also accepts.
 */
export const jenkins = {
  channel: "#builds",
  link_names: "1",
  unfurl_links: "true",
  unfurl_media: "true",
  attachments: [
    {
      fallback: "shop-backend - #42 Back to normal after 2 min 3 sec (<https://jenkins.example.test/job/shop-backend/42/|Open>)",
      color: "good",
      text: "shop-backend - #42 Back to normal after 2 min 3 sec (<https://jenkins.example.test/job/shop-backend/42/|Open>)",
      mrkdwn_in: ["pretext", "text", "fields"],
    },
  ],
};
