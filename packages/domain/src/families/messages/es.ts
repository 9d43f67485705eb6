import type { ParentCatalog } from "./en.ts";

/**
 * Everything a parent reads, in Spanish, written for Latin-American families: "usted" to the
 * parent, school words used in the Americas (maestro, lección, correo).
 */
export const es: ParentCatalog = {
  "language.label": "Idioma",

  "mail.header.tagline": "Práctica de lectura en la escuela y en casa",
  "mail.footer.why":
    "Recibe este correo porque el maestro o la maestra de {name} usa Refrain y registró su dirección para {name}.",
  "mail.footer.unsubscribe": "Dejar de recibir estos correos",
  "mail.footer.address": "Refrain · fluidez lectora para escuelas y familias",

  "weeklyReport.lessons":
    "{count, plural, =0 {{name} no terminó ninguna lección esta semana.} one {{name} terminó # lección esta semana.} other {{name} terminó # lecciones esta semana.}}",

  "weeklyReport.subject": "La semana de práctica de lectura de {name}, {dates}",
  "weeklyReport.preview": "Lo que {name} leyó, cantó y practicó esta semana, y lo que sigue.",
  "weeklyReport.intro": "Esto es lo que {name} hizo en Refrain esta semana, {dates}.",
  "weeklyReport.lessonsWorked":
    "{count, plural, one {{name} trabajó en # lección:} other {{name} trabajó en # lecciones:}}",
  "weeklyReport.readAlongs":
    "{count, plural, one {{name} leyó una vez al ritmo de la canción de una lección.} other {{name} leyó # veces al ritmo de las canciones de las lecciones.}}",
  "weeklyReport.quizzes.title": "Resultados de los exámenes",
  "weeklyReport.quiz": "{lesson}, día {day}: {score, number, percent}",
  "weeklyReport.readings":
    "{count, plural, one {{name} grabó # lectura en voz alta.} other {{name} grabó # lecturas en voz alta.}}",
  "weeklyReport.reading":
    "{lesson} ({kind, select, cold_read {primera lectura} hot_read {lectura practicada} benchmark {lectura de evaluación} other {una lectura}}): {wcpm, number} palabras correctas por minuto",
  "weeklyReport.goal":
    "{status, select, met {Con eso alcanza la meta para esta época del año, {target, number} palabras correctas por minuto.} approaching {Con eso está cerca de la meta para esta época del año, {target, number} palabras correctas por minuto.} other {La meta para esta época del año es de {target, number} palabras correctas por minuto: leer juntos en voz alta en casa ayuda.}}",
  "screening.result":
    "{tier, select, at_or_above {{name} lee al nivel de su grado {season, select, fall {en otoño} winter {en invierno} other {en primavera}}: la evaluación de lectura de esta temporada alcanza la meta.} below {{name} lee un poco por debajo del nivel de su grado {season, select, fall {en otoño} winter {en invierno} other {en primavera}}. Leer juntos en voz alta diez minutos al día ayuda a alcanzarlo.} other {{name} lee por debajo del nivel de su grado {season, select, fall {en otoño} winter {en invierno} other {en primavera}}, y el maestro sigue su progreso de cerca. Leer juntos en voz alta todos los días es lo que más ayuda.}}",
  "screening.chart.title": "Las evaluaciones de lectura de {name} este año escolar",
  "screening.chart.note":
    "Palabras leídas correctamente en un minuto (el resultado del medio de tres lecturas) en la evaluación de cada temporada, junto al nivel del grado en esa temporada.",
  "screening.chart.child": "Resultado de {name}",
  "screening.chart.gradeLevel": "Nivel del grado",
  "screening.chart.numbers": "Ver los números",
  "screening.chart.window": "Evaluación",
  "screening.chart.noScore": "Aún sin resultado",
  "screening.season.fall": "Otoño",
  "screening.season.winter": "Invierno",
  "screening.season.spring": "Primavera",
  "weeklyReport.minutes":
    "{minutes, plural, =0 {{name} practicó menos de un minuto en Refrain.} one {{name} practicó # minuto en Refrain.} other {{name} practicó # minutos en Refrain.}}",
  "weeklyReport.feedback.title": "Un mensaje de {teacher}, {date}",
  "weeklyReport.next": "Lo que sigue: {lesson}.",
  "weeklyReport.closing":
    "¡Pídale a {name} que le cante una canción de las lecciones de esta semana!",
  "weeklyReport.quiet.subject": "Una idea de lectura para {name} este fin de semana",
  "weeklyReport.quiet.preview": "Diez minutos de lectura en familia ayudan a mantener el hábito.",
  "weeklyReport.quiet.body":
    "{name} no practicó en Refrain esta semana, y eso pasa. Diez minutos de lectura en familia este fin de semana, un cuento, una canción o una receta, ayudan a mantener el hábito.",

  "connect.welcome.subject": "Bienvenidos a la clase de lectura de {teacher_name}",
  "connect.welcome.greeting":
    "¡Hola! Soy {teacher_name}, docente de {student_first_name}. Este año nuestra clase practica la lectura con Refrain y quisiera contarle cómo funciona.",
  "connect.welcome.how":
    "Cada lección es un texto corto con una canción. Su hijo o hija escucha, lee junto con la canción varias veces y responde algunas preguntas sobre lo que leyó. Leer el mismo texto varias veces desarrolla la fluidez: leer de corrido, a buen ritmo y con expresión.",
  "connect.welcome.home":
    "Usted puede ayudar en casa: pregúntele a {student_first_name} de qué trataba el último texto, o pídale que se lo lea en voz alta.",
  "connect.welcome.contact":
    "Le escribiré de vez en cuando sobre el progreso de {student_first_name}. Si tiene alguna pregunta, responda a este correo.",

  "connect.signIn.subject": "Cómo entra {student_first_name} a Refrain desde casa",
  "connect.signIn.intro":
    "{student_first_name} puede practicar la lectura en casa en cualquier computadora o tableta con un navegador. Abra {sign_in_url} y entre en tres pasos:",
  "connect.signIn.teacher": "1. Mi nombre de usuario: {teacher_username}",
  "connect.signIn.student": "2. El nombre de usuario de su hijo o hija: {student_username}",
  "connect.signIn.password":
    "3. La contraseña: está en la tarjeta de acceso que le di a {student_first_name}. Para proteger la cuenta, nunca envío la contraseña por correo. Si se perdió la tarjeta, pídame una nueva.",
  "connect.signIn.often":
    "De diez a quince minutos, algunas veces por semana, hacen una gran diferencia.",

  "connect.permission.subject": "¿Puede {student_first_name} grabar su lectura en clase?",
  "connect.permission.intro":
    "Para ver cómo progresa la lectura de cada estudiante, quisiera que {student_first_name} grabe lecturas cortas en clase: una primera lectura de un texto antes de practicar y una segunda después de practicar.",
  "connect.permission.what":
    "Qué se graba: un video con sonido de su hijo o hija leyendo durante un minuto, más o menos. Puedo elegir grabar solo el audio, con el texto en pantalla y sin imagen de su hijo o hija.",
  "connect.permission.who":
    "Quién lo ve: yo y el personal directivo de la escuela y del distrito que apoya nuestro programa de lectura. Las grabaciones nunca son públicas. Usted ve las grabaciones de su hijo o hija solo mediante un enlace privado que yo le envío.",
  "connect.permission.keep":
    "Por cuánto tiempo: las grabaciones se guardan mientras su hijo o hija esté en mi clase. Pídamelo cuando quiera y las borraré.",
  "connect.permission.no":
    "Grabar es opcional. Si no desea que se grabe a {student_first_name}, respóndame a este correo para decírmelo: participará en todas las lecciones de la misma manera y solo se omitirá la grabación. Si está de acuerdo, firme la hoja de permiso adjunta (en inglés) y envíela de vuelta con su hijo o hija.",

  "connect.progress.subject": "El progreso de {student_first_name} en lectura",
  "connect.progress.lessons":
    "{lessons_completed, plural, =0 {{student_first_name} todavía no terminó ninguna lección en este año escolar.} one {{student_first_name} terminó # lección en este año escolar.} other {{student_first_name} terminó # lecciones en este año escolar.}}",
  "connect.progress.score":
    "El puntaje promedio de {student_first_name} en los exámenes de las lecciones en este año escolar es {average_score, number, ::percent}.",
  "connect.progress.noScore":
    "{student_first_name} todavía no presentó los exámenes de las lecciones en este año escolar.",
  "connect.progress.note": "Una nota de {teacher_name}:",

  "connect.blank.subject": "Una nota de {teacher_name}",

  "feedbackMail.subject": "Un mensaje de {teacher} para {name}",
  "feedbackMail.intro": "Hoy {teacher} le escribió este mensaje a {name} en Refrain:",
  "feedbackMail.home": "{name} lo ve en su página de inicio de Refrain. Pueden leerlo juntos.",

  "shareMail.draft.subject": "La lectura de {name}: {lesson}",
  "shareMail.draft.greeting": "Hola:",
  "shareMail.draft.intro":
    "{name} grabó en clase una lectura de «{lesson}»; ya la vi y la califiqué. Pensé que a usted también le gustaría escucharla.",
  "shareMail.draft.link":
    "Al enviar este mensaje se agrega abajo un enlace para verla, con mis comentarios. Funciona durante {days, plural, one {# día} other {# días}} y no hace falta iniciar sesión.",
  "shareMail.draft.closing": "Saludos cordiales,",
  "shareMail.watch": "Ver la lectura",
  "shareMail.until": "El enlace funciona hasta el {date} y no hace falta iniciar sesión.",

  "exportMail.subject": "Los datos de {name} en Refrain",
  "exportMail.intro":
    "Usted pidió ver lo que Refrain guarda sobre {name}. El maestro o la maestra preparó un archivo ZIP con todo: una página de resumen para leer o imprimir, los datos en hojas de cálculo y las grabaciones de lectura de {name}.",
  "exportMail.download": "Descargar el archivo ZIP",
  "exportMail.once":
    "El enlace funciona una sola vez, hasta el {date}. Después, pida uno nuevo al maestro o la maestra. No hace falta iniciar sesión, así que no reenvíe este correo.",

  "unsubscribe.loading": "Cargando…",
  "unsubscribe.title": "Correos sobre {name}",
  "unsubscribe.intro.weekly_report":
    "Usted recibe de Refrain un informe semanal del progreso de {name}. Aquí puede dejar de recibirlo.",
  "unsubscribe.intro.parent_emails":
    "Usted recibe por medio de Refrain correos del maestro o la maestra de {name}. Aquí puede dejar de recibirlos.",
  "unsubscribe.intro.all":
    "Usted recibe correos de Refrain sobre {name}. Aquí puede dejar de recibirlos.",
  "unsubscribe.choice.legend": "¿Qué desea dejar de recibir?",
  "unsubscribe.choice.weekly_report": "Solo el informe semanal de progreso",
  "unsubscribe.choice.all": "Todos los correos sobre {name}",
  "unsubscribe.submit": "Cancelar la suscripción",
  "unsubscribe.done.weekly_report":
    "Listo. Ya no recibirá el informe semanal del progreso de {name}.",
  "unsubscribe.done.all": "Listo. Ya no recibirá correos de Refrain sobre {name}.",
  "unsubscribe.done.teacher":
    "El maestro o la maestra de {name} verá que usted canceló la suscripción. Si más adelante cambia de opinión, pídale que vuelva a activar los correos.",
  "unsubscribe.undo": "Deshacer",
  "unsubscribe.undone": "Volverá a recibir estos correos.",
  "unsubscribe.invalid.title": "Este enlace no funciona",
  "unsubscribe.invalid.body":
    "Es posible que se haya copiado solo una parte. Vuelva a abrir el enlace del correo más reciente o pídale al maestro o a la maestra que deje de enviarle los correos.",
  "unsubscribe.failed": "No se pudo completar. Por favor, inténtelo de nuevo en un momento.",

  "sharedPage.title": "{name} lee «{lesson}»",
  "sharedPage.kind":
    "{kind, select, cold_read {Primera lectura, antes de practicar} hot_read {Lectura después de practicar} benchmark {Lectura de evaluación} stitched {Antes y después de practicar} other {Una lectura}}",
  "sharedPage.label": "{kind} · {date}",
  "sharedPage.wpm": "Palabras por minuto",
  "sharedPage.wcpm": "Palabras correctas por minuto",
  "sharedPage.accuracy": "Precisión",
  "sharedPage.expression": "Expresión",
  "sharedPage.outOfFive": "{score, number} de 5",
  "sharedPage.feedback": "Comentarios del maestro o la maestra",
  "sharedPage.noFeedback": "(sin comentarios)",
  "sharedPage.notFound.title": "Enlace no encontrado",
  "sharedPage.notFound.body": "Este enlace no es válido.",
  "sharedPage.gone.title": "Enlace cerrado",
  "sharedPage.gone.body": "Este enlace venció o el maestro o la maestra lo desactivó.",
  "sharedPage.askAgain":
    "Pídale al maestro o a la maestra de su hijo o hija que vuelva a compartir la lectura.",
  "sharedPage.preparing.title": "Este video se está preparando",
  "sharedPage.preparing.body":
    "{minutes, plural, one {Debería estar listo en aproximadamente # minuto.} other {Debería estar listo en unos # minutos.}} Esta página lo mostrará entonces.",
  "sharedPage.failed.title": "No se pudo preparar este video",
  "sharedPage.failed.body":
    "El maestro o la maestra puede intentarlo de nuevo, y este enlace mostrará el video entonces. La calificación de abajo ya está lista.",
};
