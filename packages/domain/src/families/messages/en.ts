/**
 * Everything a parent reads, in English: ICU messages by id (FormatJS parses them at runtime,
 * docs/decisions/0022). The Spanish catalog (es.ts) must hold the same ids; tsc and
 * i18n.test.ts both check it.
 */
export const en = {
  "language.label": "Language",

  "mail.header.tagline": "Reading practice at school and at home",
  "mail.footer.why":
    "You receive this email because {name}'s teacher uses Refrain and added your address for {name}.",
  "mail.footer.unsubscribe": "Stop these emails",
  "mail.footer.address": "Refrain · reading fluency for schools and families",

  "weeklyReport.lessons":
    "{count, plural, =0 {{name} finished no lessons this week.} one {{name} finished # lesson this week.} other {{name} finished # lessons this week.}}",

  "weeklyReport.subject": "{name}'s week of reading practice, {dates}",
  "weeklyReport.preview": "What {name} read, sang and practiced this week, and what comes next.",
  "weeklyReport.intro": "Here is what {name} did on Refrain this week, {dates}.",
  "weeklyReport.lessonsWorked":
    "{count, plural, one {{name} worked on # lesson:} other {{name} worked on # lessons:}}",
  "weeklyReport.readAlongs":
    "{count, plural, one {{name} read along with a lesson's song once.} other {{name} read along with lesson songs # times.}}",
  "weeklyReport.quizzes.title": "Exam scores",
  "weeklyReport.quiz": "{lesson}, day {day}: {score, number, percent}",
  "weeklyReport.readings":
    "{count, plural, one {{name} recorded # reading aloud.} other {{name} recorded # readings aloud.}}",
  "weeklyReport.reading":
    "{lesson} ({kind, select, cold_read {first read} hot_read {practiced read} benchmark {benchmark read} other {a reading}}): {wcpm, number} words correct per minute",
  "weeklyReport.goal":
    "{status, select, met {That meets the goal for this time of year, {target, number} words correct per minute.} approaching {That is close to the goal for this time of year, {target, number} words correct per minute.} other {The goal for this time of year is {target, number} words correct per minute: reading aloud together at home helps.}}",
  "screening.result":
    "{tier, select, at_or_above {{name} is reading at grade level {season, select, fall {for fall} winter {for winter} other {for spring}}: the reading check of this season is at or above the benchmark.} below {{name} is reading a little below grade level {season, select, fall {for fall} winter {for winter} other {for spring}}. Reading aloud together for ten minutes a day helps close the gap.} other {{name} is reading below grade level {season, select, fall {for fall} winter {for winter} other {for spring}}, and the teacher is following their progress closely. Reading aloud together every day helps most.}}",
  "screening.chart.title": "{name}'s reading checks this school year",
  "screening.chart.note":
    "Words read correctly in one minute (the middle score of three readings) at each season's check, beside the grade level for that season.",
  "screening.chart.child": "{name}'s score",
  "screening.chart.gradeLevel": "Grade level",
  "screening.chart.numbers": "See the numbers",
  "screening.chart.window": "Reading check",
  "screening.chart.noScore": "No score yet",
  "screening.season.fall": "Fall",
  "screening.season.winter": "Winter",
  "screening.season.spring": "Spring",
  "weeklyReport.minutes":
    "{minutes, plural, =0 {{name} practiced for less than a minute on Refrain.} one {{name} practiced for # minute on Refrain.} other {{name} practiced for # minutes on Refrain.}}",
  "weeklyReport.feedback.title": "A message from {teacher}, {date}",
  "weeklyReport.next": "Next up: {lesson}.",
  "weeklyReport.closing": "Ask {name} to sing you a song from this week's lessons!",
  "weeklyReport.quiet.subject": "A reading idea for {name} this weekend",
  "weeklyReport.quiet.preview": "Ten minutes of reading together keeps the habit going.",
  "weeklyReport.quiet.body":
    "{name} did not practice on Refrain this week, and that happens. Ten minutes of reading together this weekend, a story, a song or a recipe, keeps the habit going.",

  "connect.welcome.subject": "Welcome to {teacher_name}'s reading class",
  "connect.welcome.greeting":
    "Hello! I am {teacher_name}, {student_first_name}'s teacher. This year our class practices reading with Refrain, and I would like to tell you how it works.",
  "connect.welcome.how":
    "Each lesson is a short passage set to a song. Your child listens, reads along with the song a few times, and answers a few questions about what they read. Reading the same passage several times builds fluency: reading smoothly, at a good pace and with expression.",
  "connect.welcome.home":
    "You can help at home: ask {student_first_name} what the latest passage was about, or to read it aloud to you.",
  "connect.welcome.contact":
    "I will write from time to time about {student_first_name}'s progress. If you have a question, reply to this email.",

  "connect.signIn.subject": "How {student_first_name} signs in to Refrain at home",
  "connect.signIn.intro":
    "{student_first_name} can practice reading at home on any computer or tablet with a web browser. Open {sign_in_url} and sign in in three steps:",
  "connect.signIn.teacher": "1. My username: {teacher_username}",
  "connect.signIn.student": "2. Your child's username: {student_username}",
  "connect.signIn.password":
    "3. Your child's password: it is on the login card I gave {student_first_name}. To keep your child's account safe, I never send the password by email. If the card is lost, ask me for a new one.",
  "connect.signIn.often": "Ten to fifteen minutes a few times a week makes a real difference.",

  "connect.permission.subject": "May {student_first_name} record their reading in class?",
  "connect.permission.intro":
    "To see how each child's reading grows, I would like {student_first_name} to record short readings in class: a first read of a passage before practicing, and a second read after practicing.",
  "connect.permission.what":
    "What is recorded: a video with sound of your child reading for about a minute. I may choose audio only, with the words on screen and no picture of your child.",
  "connect.permission.who":
    "Who sees it: me, and the school and district administrators who support our reading program. Recordings are never public. You see your child's recordings only through a private link I share with you.",
  "connect.permission.keep":
    "How long: recordings are kept while your child is in my class. Ask me at any time and I will delete them.",
  "connect.permission.no":
    "Recording is optional. If you do not want {student_first_name} to be recorded, reply to this email to say so: your child takes part in every lesson in the same way, only the recording is skipped. If you agree, please sign the attached permission slip and send it back with your child.",

  "connect.progress.subject": "{student_first_name}'s reading progress",
  "connect.progress.lessons":
    "{lessons_completed, plural, =0 {{student_first_name} has not finished a lesson yet this school year.} one {{student_first_name} has finished # lesson this school year.} other {{student_first_name} has finished # lessons this school year.}}",
  "connect.progress.score":
    "{student_first_name}'s average score on the lesson exams this school year is {average_score, number, ::percent}.",
  "connect.progress.noScore":
    "{student_first_name} has not taken the lesson exams yet this school year.",
  "connect.progress.note": "A note from {teacher_name}:",

  "connect.blank.subject": "A note from {teacher_name}",

  "feedbackMail.subject": "A message from {teacher} to {name}",
  "feedbackMail.intro": "{teacher} wrote this message to {name} on Refrain today:",
  "feedbackMail.home": "{name} sees it on their Refrain home page. You can read it together.",

  "shareMail.draft.subject": "{name}'s reading of {lesson}",
  "shareMail.draft.greeting": "Hello,",
  "shareMail.draft.intro":
    '{name} recorded a reading of "{lesson}" in class, and I have watched and graded it. I thought you would enjoy hearing it too.',
  "shareMail.draft.link":
    "A link to watch it, with my notes, is added below this message when it is sent. It works for {days, plural, one {# day} other {# days}}; no sign-in is needed.",
  "shareMail.draft.closing": "Best wishes,",
  "shareMail.watch": "Watch the reading",
  "shareMail.until": "The link works until {date}; no sign-in is needed.",

  "exportMail.subject": "{name}'s records from Refrain",
  "exportMail.intro":
    "You asked to see what Refrain holds about {name}. Your child's teacher has prepared a ZIP file with all of it: a summary page to read or print, the data as spreadsheets, and {name}'s reading recordings.",
  "exportMail.download": "Download the ZIP file",
  "exportMail.once":
    "The link works once, until {date}. After that, ask the teacher for a new one. No sign-in is needed, so please do not forward this email.",

  "unsubscribe.loading": "Loading…",
  "unsubscribe.title": "Emails about {name}",
  "unsubscribe.intro.weekly_report":
    "You receive a weekly progress report about {name} from Refrain. You can stop it here.",
  "unsubscribe.intro.parent_emails":
    "You receive emails about {name} from their teacher through Refrain. You can stop them here.",
  "unsubscribe.intro.all": "You receive emails about {name} from Refrain. You can stop them here.",
  "unsubscribe.choice.legend": "What would you like to stop?",
  "unsubscribe.choice.weekly_report": "Only the weekly progress report",
  "unsubscribe.choice.all": "All emails about {name}",
  "unsubscribe.submit": "Unsubscribe",
  "unsubscribe.done.weekly_report":
    "Done. You will no longer receive the weekly progress report about {name}.",
  "unsubscribe.done.all": "Done. You will no longer receive emails about {name} from Refrain.",
  "unsubscribe.done.teacher":
    "{name}'s teacher will see that you unsubscribed. If you change your mind later, ask the teacher to turn the emails back on.",
  "unsubscribe.undo": "Undo",
  "unsubscribe.undone": "You will receive these emails again.",
  "unsubscribe.invalid.title": "This link does not work",
  "unsubscribe.invalid.body":
    "It may have been copied only in part. Open the link from the most recent email again, or ask the teacher to stop the emails for you.",
  "unsubscribe.failed": "That did not work. Please try again in a moment.",

  "sharedPage.title": "{name}'s reading of {lesson}",
  "sharedPage.kind":
    "{kind, select, cold_read {Cold Read} hot_read {Hot Read} benchmark {Benchmark reading} stitched {Cold and hot reads} other {A reading}}",
  "sharedPage.label": "{kind} · {date}",
  "sharedPage.wpm": "Words per minute",
  "sharedPage.wcpm": "Correct words per minute",
  "sharedPage.accuracy": "Accuracy",
  "sharedPage.expression": "Expression",
  "sharedPage.outOfFive": "{score, number}/5",
  "sharedPage.feedback": "The teacher's feedback",
  "sharedPage.noFeedback": "(no feedback left)",
  "sharedPage.notFound.title": "Link not found",
  "sharedPage.notFound.body": "This link is not valid.",
  "sharedPage.gone.title": "Link closed",
  "sharedPage.gone.body": "This link has expired or was turned off by the teacher.",
  "sharedPage.askAgain": "Please ask your child's teacher to share the reading again.",
  "sharedPage.preparing.title": "This video is being prepared",
  "sharedPage.preparing.body":
    "{minutes, plural, one {It should be ready in about # minute.} other {It should be ready in about # minutes.}} This page will show it then.",
  "sharedPage.failed.title": "This video could not be prepared",
  "sharedPage.failed.body":
    "The teacher can try again, and this link will show the video then. The grade below is ready.",
} as const;

export type ParentMessageId = keyof typeof en;
/** A whole catalog: every id, each an ICU message. */
export type ParentCatalog = Record<ParentMessageId, string>;
