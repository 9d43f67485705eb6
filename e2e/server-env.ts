/**
 * What the journeys' servers share, the run's (playwright.config.ts) and a journey's own
 * (own-server.ts): little first-start work, and sign-ins as often as the journeys make them.
 */
export const journeyServerEnv = {
  LOG_LEVEL: "warn",
  // Making all 46 lesson tracks takes both cores for over a minute: only those a journey plays.
  LESSON_TRACKS: "on-request",
  // The demo's recordings would keep both cores busy for minutes; the journeys record their own.
  DEMO_RECORDINGS: "off",
  // Recording the tutorials would take Chromium and both cores; the tutor videos a journey
  // opens are made when their list is first asked for.
  TUTORIAL_VIDEOS: "off",
  TUTOR_VIDEOS: "on-request",
  // Three browsers keep both cores busy the whole run: at nice 19 beside them the server's
  // ffmpeg and recogniser would get next to nothing, which a school's server never sees.
  HELPER_PRIORITY: "normal",
  // The journeys sign in more often than one person would in 15 minutes.
  LOGIN_LIMIT_PER_IP: "1000",
  // Journeys end their servers at once: no load balancer waits for them to drain.
  SHUTDOWN_DRAIN_SECONDS: "0",
};
