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
};
