/**
 * The domain's messages in Spanish (translation.ts; docs/decisions/0074-languages.md): each English
 * source, word for word, and its translation, with the same {placeholders}. Spanish for families in
 * the United States, addressed as «usted»; the names of things as the screens call them (jugador,
 * tableta, bellotas, llamada con su coach). translation.test.ts fails when a source has no entry
 * here, an entry has no source, or the placeholders differ.
 */
import type { Catalog } from '../translation.ts';

export const es: Catalog = {
  // Accounts and people
  'An account with this e-mail already exists.': 'Ya existe una cuenta con este correo electrónico.',
  'This is already your e-mail address.': 'Este ya es su correo electrónico.',
  'Your current password is not correct.': 'Su contraseña actual no es correcta.',
  'Choose a password different from your current one.': 'Elija una contraseña distinta de la actual.',
  'An account may have at most 6 people.': 'Una cuenta puede tener como máximo 6 personas.',
  'You cannot remove yourself from the account.': 'No puede quitarse a sí mismo de la cuenta.',
  'The person who pays for the subscription cannot be removed.':
    'No se puede quitar a la persona que paga la suscripción.',
  'We sent a link to {email}. Your e-mail changes once you open it.':
    'Enviamos un enlace a {email}. Su correo electrónico cambiará cuando lo abra.',
  'Your e-mail address is now {email}.': 'Su correo electrónico ahora es {email}.',
  'This link is invalid or has expired. Please ask for a new one from your account page.':
    'Este enlace no es válido o ha caducado. Pida uno nuevo desde la página de su cuenta.',
  'Your password was changed. Other devices were signed out.':
    'Se cambió su contraseña. Se cerró la sesión en los demás dispositivos.',
  'You will no longer receive the weekly summary. You can turn it back on from your account page.':
    'Ya no recibirá el resumen semanal. Puede volver a activarlo desde la página de su cuenta.',
  'Too many text messages. Please try again later.': 'Demasiados mensajes de texto. Inténtelo de nuevo más tarde.',

  // Promo codes and cards
  'This promo code does not exist.': 'Este código promocional no existe.',
  'This promo code has expired.': 'Este código promocional ha caducado.',
  'This promo code has been used up.': 'Este código promocional ya se agotó.',
  'This promo code does not apply to this plan.': 'Este código promocional no se aplica a este plan.',
  'Promo codes use letters, digits, dashes and underscores only.':
    'Los códigos promocionales solo llevan letras, dígitos, guiones y guiones bajos.',
  'Too many promo codes tried. Please wait a few minutes and try again.':
    'Se probaron demasiados códigos promocionales. Espere unos minutos e inténtelo de nuevo.',
  'This card update link has expired or was already used. Sign in to Grove to update your card from Subscription & Billing.':
    'Este enlace para actualizar la tarjeta ha caducado o ya se usó. Inicie sesión en Grove para actualizar su tarjeta desde Suscripción y facturación.',
  'Your new card is saved and will be used from your next charge on.':
    'Su nueva tarjeta está guardada y se usará a partir del próximo cargo.',
  'Your card is updated and the renewal is paid: your subscription is active again.':
    'Su tarjeta está actualizada y la renovación está pagada: su suscripción vuelve a estar activa.',

  // Any text and any request
  'Not a valid string.': 'No es un texto válido.',
  'Remove the control characters (such as NUL) from this text.':
    'Quite los caracteres de control (como NUL) de este texto.',
  'This text contains broken characters (unpaired surrogates).':
    'Este texto contiene caracteres dañados (sustitutos sin pareja).',
  'This field is required.': 'Este campo es obligatorio.',
  'May not be blank.': 'No puede quedar en blanco.',
  'At most {max} characters.': 'Como máximo {max} caracteres.',
  'A valid integer is required.': 'Se necesita un número entero válido.',
  'Must be between {min} and {max}.': 'Debe estar entre {min} y {max}.',
  'Must be between {min} and {max} {unit}.': 'Debe estar entre {min} y {max} {unit}.',
  'May not be negative.': 'No puede ser negativo.',
  'At most {max}.': 'Como máximo {max}.',
  'At most {max} {unit}.': 'Como máximo {max} {unit}.',
  'Must be true or false.': 'Debe ser verdadero o falso.',
  'A list is required.': 'Se necesita una lista.',
  'At most {max} items.': 'Como máximo {max} elementos.',
  'A JSON object is required.': 'Se necesita un objeto JSON.',
  'At most {size} KiB.': 'Como máximo {size} KiB.',
  'The JSON body is nested too deeply (at most 32 levels).':
    'El cuerpo JSON tiene demasiados niveles anidados (como máximo 32).',
  'Choose one of: {choices}.': 'Elija una de estas opciones: {choices}.',
  'Pages start at 1.': 'Las páginas empiezan en 1.',
  'Ensure this value is greater than or equal to 1.': 'Este valor debe ser mayor o igual que 1.',
  'This page link is no longer valid. Start again from the first page.':
    'Este enlace de página ya no es válido. Vuelva a empezar desde la primera página.',
  'Remove the control characters (such as NUL) from this object.':
    'Quite los caracteres de control (como NUL) de este objeto.',
  months: 'meses',
  minutes: 'minutos',
  bpm: 'lpm',
  seconds: 'segundos',

  // Signing in and errors (SPEC §8)
  'Failed to log in!': '¡No se pudo iniciar sesión!',
  'Please make sure your email and password are correct.':
    'Compruebe que su correo electrónico y su contraseña sean correctos.',
  'An unknown error has occured.': 'Se produjo un error desconocido.',
  'Invalid Token': 'Token no válido',
  'Server error': 'Error del servidor',
  'Unknown error': 'Error desconocido',
  'Unknown type of error': 'Tipo de error desconocido',

  // Form fields (SPEC §5)
  'Name is required': 'El nombre es obligatorio',
  'Name may not contain only empty characters': 'El nombre no puede contener solo espacios',
  'Name must be less than 56 characters': 'El nombre debe tener menos de 56 caracteres',
  'Name must be less than 114 characters': 'El nombre debe tener menos de 114 caracteres',
  'Please include valid characters': 'Use caracteres válidos',
  'Email is required': 'El correo electrónico es obligatorio',
  'Email must be less than 254 characters': 'El correo electrónico debe tener menos de 254 caracteres',
  'Please input a valid email': 'Escriba un correo electrónico válido',
  'Password is required': 'La contraseña es obligatoria',
  'Password should not be less than 8 characters': 'La contraseña no debe tener menos de 8 caracteres',
  'Password must be less than 255 characters': 'La contraseña debe tener menos de 255 caracteres',
  'Password contains forbidden symbols': 'La contraseña contiene símbolos no permitidos',
  'Password must not contain parts of the name': 'La contraseña no debe contener partes del nombre',
  'Please add something from: {classes}': 'Añada algo de: {classes}',
  'Passwords must match': 'Las contraseñas deben coincidir',
  'Password must be at most 40 characters': 'La contraseña debe tener como máximo 40 caracteres',
  'Phone is required': 'El teléfono es obligatorio',
  'Please input a valid phone number': 'Escriba un número de teléfono válido',
  'Address is required': 'La dirección es obligatoria',
  'Address must be less than 255 characters': 'La dirección debe tener menos de 255 caracteres',
  'Orders to PO Boxes ship by ground only: no expedited shipping, please allow extra time.':
    'Los pedidos a apartados postales (PO Box) se envían solo por tierra: sin envío urgente; cuente con más tiempo.',
  'City is required': 'La ciudad es obligatoria',
  'City must be less than 50 characters': 'La ciudad debe tener menos de 50 caracteres',
  'Please input a valid city': 'Escriba una ciudad válida',
  'Zipcode is required': 'El código postal es obligatorio',
  'Zipcode must be less than 12 characters': 'El código postal debe tener menos de 12 caracteres',
  'Please input a valid Zipcode': 'Escriba un código postal válido',
  'State is required': 'El estado es obligatorio',
  'Please select a valid state': 'Seleccione un estado válido',
  'State must be less than 50 characters': 'El estado debe tener menos de 50 caracteres',
  'Country is required': 'El país es obligatorio',
  'Please select a valid country': 'Seleccione un país válido',
  'lower case letters': 'letras minúsculas',
  'upper case letters': 'letras mayúsculas',
  digits: 'dígitos',
  'special symbols': 'símbolos especiales',

  // Players
  'A reason is required.': 'Se necesita un motivo.',
  'The reason must be less than 500 characters.': 'El motivo debe tener menos de 500 caracteres.',
  'Add or take back at least one acorn.': 'Añada o quite al menos una bellota.',

  // Consent
  'Please confirm that you agree to the privacy policy and consent to your children’s data being collected.':
    'Confirme que acepta la política de privacidad y que da su consentimiento para que se recojan los datos de sus hijos.',
  'Please confirm that you are this player’s parent or guardian and consent to their data being collected.':
    'Confirme que es el padre, la madre o el tutor de este jugador y que da su consentimiento para que se recojan sus datos.',
  'Please tick the box to agree to the privacy policy.': 'Marque la casilla para aceptar la política de privacidad.',

  // Coaching
  'This time was just booked by another family. Please choose another time.':
    'Otra familia acaba de reservar este horario. Elija otro, por favor.',
  'This time is not available. Please choose one of the times shown.':
    'Este horario no está disponible. Elija uno de los horarios que se muestran.',
  'Calls can be booked at least 12 hours ahead.': 'Las llamadas se reservan con al menos 12 horas de antelación.',
  'Calls can be booked up to 28 days ahead.': 'Las llamadas se pueden reservar con hasta 28 días de antelación.',
  'You already have 2 upcoming calls. Cancel or finish one first.':
    'Ya tiene 2 llamadas próximas. Cancele o termine una primero.',
  'Calls can be changed or cancelled until 24 hours before they start. Please contact your coach.':
    'Las llamadas se pueden cambiar o cancelar hasta 24 horas antes de que empiecen. Comuníquese con su coach.',
  'A call can be moved at most 2 times. Please cancel it and book a new one.':
    'Una llamada se puede cambiar de horario como máximo 2 veces. Cancélela y reserve una nueva.',
  'This call is no longer scheduled.': 'Esta llamada ya no está programada.',
  'Your family does not have a coach yet. We will assign one shortly.':
    'Su familia todavía no tiene coach. Le asignaremos uno en breve.',
  'This tutorial is full. Please choose another date.': 'Este tutorial está completo. Elija otra fecha.',
  'This tutorial has already taken place.': 'Este tutorial ya se realizó.',
  'This tutorial was cancelled.': 'Este tutorial se canceló.',
  'Working hours on the same day may not overlap.': 'Los horarios de trabajo de un mismo día no pueden superponerse.',
  'The end must be after the start.': 'El final debe ser posterior al inicio.',

  // Data rights
  'Only the family can ask for a copy of its data or have it deleted.':
    'Solo la familia puede pedir una copia de sus datos o su eliminación.',
  'Please confirm that you want this data deleted.': 'Confirme que desea eliminar estos datos.',
  'This player is not part of your account.': 'Este jugador no forma parte de su cuenta.',
  'An export of this data is already being prepared. You will receive an e-mail when it is ready.':
    'Ya se está preparando una exportación de estos datos. Recibirá un correo electrónico cuando esté lista.',
  'You can ask for at most 10 exports a day. Please try again tomorrow.':
    'Puede pedir como máximo 10 exportaciones al día. Inténtelo de nuevo mañana.',
  'This export has expired. Please ask for a new one.': 'Esta exportación ha caducado. Pida una nueva.',
  'This export is not ready yet.': 'Esta exportación todavía no está lista.',
  'A deletion of this data is already scheduled.': 'Ya hay una eliminación de estos datos programada.',
  'This account is already scheduled to close.': 'El cierre de esta cuenta ya está programado.',
  'Please cancel your subscription before closing the account: a running subscription still ships and bills.':
    'Cancele su suscripción antes de cerrar la cuenta: una suscripción activa sigue enviando y cobrando.',
  'This account was closed at the family’s request: only its billing records remain, and it cannot be changed.':
    'Esta cuenta se cerró a petición de la familia: solo quedan sus registros de facturación y no se puede modificar.',
  'This deletion can no longer be changed: it was cancelled or has been carried out.':
    'Esta eliminación ya no se puede cambiar: se canceló o ya se realizó.',

  // Tablets
  'Type the code shown on the tablet.': 'Escriba el código que aparece en la tableta.',
  'The code has 8 letters, like WDJB-MJHT.': 'El código tiene 8 letras, como WDJB-MJHT.',
  'That code isn’t right, or it has expired. Check the tablet: it shows a new code after 10 minutes.':
    'Ese código no es correcto o ha caducado. Mire la tableta: muestra un código nuevo cada 10 minutos.',
  'That code has already been used. Ask the tablet for a new one.':
    'Ese código ya se usó. Pida uno nuevo en la tableta.',
  'Too many wrong codes. Please wait {count} minute and try again.':
    'Demasiados códigos incorrectos. Espere {count} minuto e inténtelo de nuevo.',
  'Too many wrong codes. Please wait {count} minutes and try again.':
    'Demasiados códigos incorrectos. Espere {count} minutos e inténtelo de nuevo.',
  'Give the tablet a name, such as “Living room tablet”.': 'Póngale un nombre a la tableta, como «Tableta de la sala».',
  'Waiting for a parent to approve this tablet in Grove.':
    'Esperando a que un padre o una madre apruebe esta tableta en Grove.',
  'Polling too often: wait a little longer between requests.':
    'Consultas demasiado frecuentes: espere un poco más entre solicitudes.',
  'The code has expired. Ask for a new one.': 'El código ha caducado. Pida uno nuevo.',
  'A parent declined to connect this tablet.': 'Un padre o una madre rechazó conectar esta tableta.',
  'This device code is not known, or its token was already handed out.':
    'Este código de dispositivo no se conoce o su token ya se entregó.',
  'Unknown client, or one that may not connect tablets.': 'Cliente desconocido o que no puede conectar tabletas.',
  'Too many codes asked for from this network. Please try again later.':
    'Se pidieron demasiados códigos desde esta red. Inténtelo de nuevo más tarde.',
  '{name} is connected. The game can upload play now.': '{name} está conectada. El juego ya puede subir las partidas.',
  'The tablet was not connected.': 'La tableta no se conectó.',

  // Shared summaries
  'Choose a player.': 'Elija un jugador.',
  'Choose a date.': 'Elija una fecha.',
  'Enter a date as YYYY-MM-DD.': 'Escriba la fecha como AAAA-MM-DD.',
  'The end date must be on or after the start date.': 'La fecha final debe ser igual o posterior a la inicial.',
  'The start date may not be in the future.': 'La fecha inicial no puede estar en el futuro.',
  'A summary may cover at most 3 years.': 'Un resumen puede abarcar como máximo 3 años.',
  'A link can stay open for 1 to 90 days.': 'Un enlace puede estar abierto de 1 a 90 días.',
  'Enter the name the summary shows.': 'Escriba el nombre que muestra el resumen.',
  'At most 56 characters.': 'Como máximo 56 caracteres.',
  'Only the family can share a player’s summary.': 'Solo la familia puede compartir el resumen de un jugador.',
  'Too many requests for shared summaries from your network. Please try again later.':
    'Demasiadas solicitudes de resúmenes compartidos desde su red. Inténtelo de nuevo más tarde.',

  // Support
  'This person has not written to support.': 'Esta persona no ha escrito a soporte.',
  'Thank you, your message reached our support team. We will answer by e-mail at {email}, usually within one business day.':
    'Gracias, su mensaje llegó a nuestro equipo de soporte. Le responderemos por correo electrónico a {email}, normalmente en un día hábil.',
  'You can send at most 5 messages to support in an hour. Please try again later.':
    'Puede enviar como máximo 5 mensajes a soporte por hora. Inténtelo de nuevo más tarde.',
  'Support could not be reached just now. Please try again in a few minutes.':
    'No se pudo contactar con soporte en este momento. Inténtelo de nuevo en unos minutos.',
  'Tell us in a few words what it is about.': 'Díganos en pocas palabras de qué se trata.',
  'Write your message.': 'Escriba su mensaje.',

  // The weekly summary
  'This link is not valid. You can turn the weekly summary off from your account page.':
    'Este enlace no es válido. Puede desactivar el resumen semanal desde la página de su cuenta.',

  // The weekly digest, e-mails and texts (section G)
  '{name} played {minutes} of {goal} minutes ({left} to go).':
    '{name} jugó {minutes} de {goal} minutos (le faltan {left}).',
  '{name} played {minutes} of {goal} minutes (goal reached).':
    '{name} jugó {minutes} de {goal} minutos (meta alcanzada).',
  '{count} heart-rate rise': '{count} subida del pulso',
  '{count} heart-rate rises': '{count} subidas del pulso',
  '{count} cooldown': '{count} recuperación',
  '{count} cooldowns': '{count} recuperaciones',
  'up from {previous}': 'más que la semana anterior: {previous}',
  'down from {previous}': 'menos que la semana anterior: {previous}',
  'same as the week before': 'igual que la semana anterior',
  'Wonderful: {name} reached the weekly goal. Keep it up!': '¡Excelente! {name} alcanzó la meta semanal. ¡Sigan así!',
  '{name} played more than the week before. Only {count} more minute to reach the goal!':
    '{name} jugó más que la semana anterior. ¡Solo falta {count} minuto para alcanzar la meta!',
  '{name} played more than the week before. Only {count} more minutes to reach the goal!':
    '{name} jugó más que la semana anterior. ¡Solo faltan {count} minutos para alcanzar la meta!',
  '{name} is {count} minute from the goal: a few short sessions this week will get there.':
    'A {name} le falta {count} minuto para la meta: unas cuantas sesiones cortas esta semana bastarán.',
  '{name} is {count} minutes from the goal: a few short sessions this week will get there.':
    'A {name} le faltan {count} minutos para la meta: unas cuantas sesiones cortas esta semana bastarán.',
  'No play for {name} last week. A short session together is an easy way to start again.':
    '{name} no jugó la semana pasada. Una sesión corta juntos es una forma fácil de volver a empezar.',
  '{name} has reached the goal {weeks} weeks in a row.': '{name} alcanzó la meta {weeks} semanas seguidas.',

  // The API's refusals (section H)
  // Any request
  'Not found.': 'No encontrado.',
  'You do not have permission to perform this action.': 'No tiene permiso para realizar esta acción.',
  'Too many requests. Please try again later.': 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.',
  'CSRF Failed: CSRF token missing or incorrect.': 'Error de CSRF: falta el token CSRF o es incorrecto.',
  'The request body is too large.': 'La solicitud es demasiado grande.',
  'The request body is too large (at most {size}).': 'La solicitud es demasiado grande (como máximo {size}).',
  'The body is not valid JSON (or holds a key such as __proto__ that is not allowed).':
    'El cuerpo no es un JSON válido (o contiene una clave no permitida, como __proto__).',
  'This address holds characters that are not allowed (a broken %-escape or text that is not UTF-8).':
    'Esta dirección contiene caracteres no permitidos (un escape % dañado o texto que no es UTF-8).',
  'A part of this address is too long.': 'Una parte de esta dirección es demasiado larga.',
  'A valid number is required.': 'Se necesita un número válido.',
  'Must be an ISO 8601 date-time with a time zone.': 'Debe ser una fecha y hora ISO 8601 con zona horaria.',
  'Must be a date, YYYY-MM-DD.': 'Debe ser una fecha, AAAA-MM-DD.',
  // Signing in and accounts
  'Unable to log in with provided credentials.': 'No se pudo iniciar sesión con los datos proporcionados.',
  'Too many failed sign-in attempts. Please try again in {count} second.':
    'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en {count} segundo.',
  'Too many failed sign-in attempts. Please try again in {count} seconds.':
    'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en {count} segundos.',
  'Too many failed sign-in attempts. Please try again in {count} minutes.':
    'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en {count} minutos.',
  'This link has expired or was already used.': 'Este enlace ha caducado o ya se usó.',
  'Too many e-mail change requests. Please try again later.':
    'Demasiadas solicitudes de cambio de correo electrónico. Inténtelo de nuevo más tarde.',
  'An account with this e-mail already exists. Your e-mail address was not changed; please choose another one from your account page.':
    'Ya existe una cuenta con este correo electrónico. Su correo electrónico no se cambió; elija otro desde la página de su cuenta.',
  'Too many password change attempts. Please try again later.':
    'Demasiados intentos de cambiar la contraseña. Inténtelo de nuevo más tarde.',
  'Too many invitations sent to this person. Please try again later.':
    'Se enviaron demasiadas invitaciones a esta persona. Inténtelo de nuevo más tarde.',
  'This person has already set a password; there is no invitation to send.':
    'Esta persona ya creó su contraseña; no hay ninguna invitación que enviar.',
  'May not be in the future.': 'No puede estar en el futuro.',
  'May not be before 2000.': 'No puede ser anterior al año 2000.',
  'Only parents of a family account give or change consent.':
    'Solo los padres de una cuenta familiar dan o cambian el consentimiento.',
  'Support requests are sent from a family’s account.':
    'Las solicitudes de soporte se envían desde la cuenta de una familia.',
  'Onboarding is for families: this person has no family account.':
    'Los primeros pasos son para las familias: esta persona no tiene una cuenta familiar.',
  // Players and check-ins
  'Only staff may set hr_gauge, chase_speed or acorns.': 'Solo el personal puede fijar hr_gauge, chase_speed o acorns.',
  'Only staff may change hr_gauge, chase_speed or acorns.':
    'Solo el personal puede cambiar hr_gauge, chase_speed o acorns.',
  'The balance may not go below 0 (it is {balance}).': 'El saldo de bellotas no puede bajar de 0 (ahora es {balance}).',
  'The balance may not go above {max} (it is {balance}).':
    'El saldo de bellotas no puede superar {max} (ahora es {balance}).',
  'This player is in no experiment.': 'Este jugador no participa en ningún experimento.',
  'Check-ins are answered by the family, not by staff.': 'Los seguimientos los responde la familia, no el personal.',
  'No such incomplete profile on this account.': 'Esta cuenta no tiene ese perfil incompleto.',
  // Coaching and tutorials
  'Coaching calls are part of an active Grove program. Your program has ended, so new calls cannot be booked.':
    'Las llamadas de coaching forman parte de un programa Grove activo. Su programa terminó, así que no se pueden reservar llamadas nuevas.',
  'Coaches and staff do not book coaching calls; families book them from their coaching page.':
    'Los coaches y el personal no reservan llamadas de coaching; las familias las reservan desde su página de coaching.',
  'Only a family’s parents can book its coaching calls.':
    'Solo los padres de una familia pueden reservar sus llamadas de coaching.',
  'Your family books its calls with its own coach. Please choose a time in their calendar.':
    'Su familia reserva sus llamadas con su propio coach. Elija un horario en su calendario.',
  'Only the coach records a call’s outcome and summary.':
    'Solo el coach registra el resultado y el resumen de una llamada.',
  'Only the family can move a call. You can cancel it and ask them to book another time.':
    'Solo la familia puede cambiar una llamada de horario. Puede cancelarla y pedirle que reserve otro horario.',
  'Either cancel the call or move it, not both at once.':
    'Cancele la llamada o cámbiela de horario, pero no ambas cosas a la vez.',
  'Choose a different time to move the call to.': 'Elija otro horario para la llamada.',
  'A call can be marked completed or no-show once it has started.':
    'Una llamada se puede marcar como realizada o como «No asistió» una vez que haya empezado.',
  'Only the coach who wrote a note, or staff, can change it.':
    'Solo el coach que escribió una nota, o el personal, puede modificarla.',
  'Only coaches have working hours and time off.': 'Solo los coaches tienen horario de trabajo y tiempo libre.',
  'Choose an active coach.': 'Elija un coach activo.',
  'Choose a time zone such as America/New_York.': 'Elija una zona horaria, como America/New_York.',
  'Time off must end in the future.': 'El tiempo libre debe terminar en el futuro.',
  'There is no coach calendar with this widget_id.': 'No hay ningún calendario de coach con este widget_id.',
  'This belongs to another family.': 'Esto pertenece a otra familia.',
  'Use HH:MM, e.g. 09:30.': 'Use HH:MM, por ejemplo 09:30.',
  'Choose the coach whose caseload to read.': 'Elija el coach cuyas familias desea ver.',
  'Tutorials are for families: sign in with a family’s account to register.':
    'Los tutoriales son para las familias: inicie sesión con la cuenta de una familia para inscribirse.',
  'You are not registered for this tutorial.': 'No está inscrito en este tutorial.',
  'Choose a start in the future.': 'Elija un inicio en el futuro.',
  'Must be an http(s) link.': 'Debe ser un enlace http(s).',
  // Checkout, subscriptions and cards
  '{code} is for the {plan} plan only.': '{code} es solo para el plan {plan}.',
  '{code} is for monthly plans only.': '{code} es solo para los planes mensuales.',
  '{code} is for yearly plans only.': '{code} es solo para los planes anuales.',
  '{code} is for the {plans} and {last} plans only.': '{code} es solo para los planes {plans} y {last}.',
  monthly: 'mensual',
  yearly: 'anual',
  '14-day free trial': 'de prueba gratuita de 14 días',
  Professional: 'Profesional',
  'Staff and coaches cannot check out.': 'El personal y los coaches no pueden hacer compras.',
  'An account with this e-mail already exists. Please log in to continue your checkout.':
    'Ya existe una cuenta con este correo electrónico. Inicie sesión para continuar con su compra.',
  'The payment could not be completed.': 'No se pudo completar el pago.',
  'Order {order} is still being paid. Please try again in a moment.':
    'El pedido {order} todavía se está pagando. Inténtelo de nuevo en un momento.',
  'This order is not confirmed yet.': 'Este pedido todavía no está confirmado.',
  'Please enter the card number.': 'Escriba el número de la tarjeta.',
  'Please enter the 3 or 4 digits on the back.': 'Escriba los 3 o 4 dígitos del reverso.',
  'Please enter a card.': 'Escriba los datos de una tarjeta.',
  'Please tell us why you are leaving.': 'Díganos por qué se va.',
  'This subscription cannot be cancelled now: it is not running.':
    'Esta suscripción no se puede cancelar ahora: no está activa.',
  'There is no cancellation to undo.': 'No hay ninguna cancelación que deshacer.',
  'There is no cancellation request to confirm.': 'No hay ninguna solicitud de cancelación que confirmar.',
  'A return cannot be requested for this subscription now.':
    'Ahora no se puede solicitar una devolución para esta suscripción.',
  'There is no return request to confirm.': 'No hay ninguna solicitud de devolución que confirmar.',
  'There is no return request to decline.': 'No hay ninguna solicitud de devolución que rechazar.',
  'This subscription is already running: there is nothing to renew.':
    'Esta suscripción ya está activa: no hay nada que renovar.',
  'This subscription will not renew anyway.': 'Esta suscripción no se va a renovar de todos modos.',
  'Only a running subscription can be paused.': 'Solo se puede pausar una suscripción activa.',
  'This subscription is not paused.': 'Esta suscripción no está en pausa.',
  'This subscription was returned: the family starts again from checkout.':
    'Esta suscripción se devolvió: la familia vuelve a empezar desde el pago.',
  'This change is not possible now.': 'Este cambio no es posible ahora.',
  'This family has no subscription.': 'Esta familia no tiene suscripción.',
  'The subscription changed meanwhile. Please reload and try again.':
    'La suscripción cambió mientras tanto. Vuelva a cargar la página e inténtelo de nuevo.',
  'Only the family’s billing contact can change the subscription.':
    'Solo el contacto de facturación de la familia puede cambiar la suscripción.',
  'Cancellations take effect at the end of the grace period.':
    'Las cancelaciones se hacen efectivas al final del período de gracia.',
  'The return window ended on {date}.': 'El plazo de devolución terminó el {date}.',
  'This family already has a running subscription.': 'Esta familia ya tiene una suscripción activa.',
  'Your family already has a subscription.': 'Su familia ya tiene una suscripción.',
  'Your Grove program is covered by your partner organisation, so there is nothing to pay or manage here.':
    'Su programa Grove lo cubre su organización asociada, así que aquí no hay nada que pagar ni gestionar.',
  'Your card was declined. Please use another card.': 'Su tarjeta fue rechazada. Use otra tarjeta.',
  'Your card has insufficient funds. Please use another card.':
    'Su tarjeta no tiene fondos suficientes. Use otra tarjeta.',
  'Your card has expired. Please use another card.': 'Su tarjeta está vencida. Use otra tarjeta.',
  'Your card’s security code is incorrect. Please check it or use another card.':
    'El código de seguridad de su tarjeta es incorrecto. Revíselo o use otra tarjeta.',
  'Your card number is incorrect. Please check it or use another card.':
    'El número de su tarjeta es incorrecto. Revíselo o use otra tarjeta.',
  'Your card number is incorrect. Please check it.': 'El número de su tarjeta es incorrecto. Revíselo.',
  'Your card’s expiration date is incorrect. Please check it or use another card.':
    'La fecha de vencimiento de su tarjeta es incorrecta. Revísela o use otra tarjeta.',
  'Your card has reached its spending limit. Please use another card.':
    'Su tarjeta llegó a su límite de gasto. Use otra tarjeta.',
  'Your bank asks you to confirm this payment. Please add your card again to confirm it.':
    'Su banco le pide que confirme este pago. Vuelva a añadir su tarjeta para confirmarlo.',
  'An error occurred while processing your card. Please try again or use another card.':
    'Se produjo un error al procesar su tarjeta. Inténtelo de nuevo o use otra tarjeta.',
  'We’ve experienced an unexpected issue with our payment service.':
    'Tuvimos un problema inesperado con nuestro servicio de pagos.',
  'We’ve experienced an unexpected issue with our payment service. Please try again.':
    'Tuvimos un problema inesperado con nuestro servicio de pagos. Inténtelo de nuevo.',
  'An Idempotency-Key is 1 to {max} visible characters.': 'Una Idempotency-Key tiene de 1 a {max} caracteres visibles.',
  'The first request with this Idempotency-Key failed. Please try again.':
    'La primera solicitud con esta Idempotency-Key falló. Inténtelo de nuevo.',
  'This Idempotency-Key was used with another request.': 'Esta Idempotency-Key ya se usó con otra solicitud.',
  'The first request with this Idempotency-Key is still running. Please try again in a moment.':
    'La primera solicitud con esta Idempotency-Key todavía está en curso. Inténtelo de nuevo en un momento.',
  // The back office
  'This invoice has no payment to refund.': 'Esta factura no tiene ningún pago que reembolsar.',
  'The invoice changed meanwhile. Please reload.': 'La factura cambió mientras tanto. Vuelva a cargar la página.',
  'This is not the invoice’s billing entity.': 'Esta no es la entidad de facturación de la factura.',
  'Only a paid invoice can be refunded.': 'Solo se puede reembolsar una factura pagada.',
  'At most {amount} is left to refund.': 'Quedan como máximo {amount} por reembolsar.',
  'Only an unpaid invoice can be removed; refund a paid one instead.':
    'Solo se puede eliminar una factura sin pagar; una factura pagada se reembolsa.',
  'Use a date such as 2026-11-24.': 'Use una fecha como 2026-11-24.',
  'Use a real date.': 'Use una fecha que exista.',
  'No shipments for this account.': 'Esta cuenta no tiene envíos.',
  'Tags use letters, digits, dots, dashes and underscores, starting with a letter or digit.':
    'Las etiquetas llevan letras, dígitos, puntos, guiones y guiones bajos, y empiezan con una letra o un dígito.',
  'At most 40 characters.': 'Como máximo 40 caracteres.',
  'The account already has the tag “{tag}”.': 'La cuenta ya tiene la etiqueta «{tag}».',
  'An account has at most 30 tags.': 'Una cuenta tiene como máximo 30 etiquetas.',
  'The account has no tag “{tag}”.': 'La cuenta no tiene la etiqueta «{tag}».',
  'Note deleted.': 'Nota eliminada.',
  'The account already runs game version {version}.': 'La cuenta ya usa la versión {version} del juego.',
  'An account cannot go back from game version {from} to {to}.':
    'Una cuenta no puede volver de la versión {from} del juego a la {to}.',

  // Screens' domain words: plans, onboarding (section I)
  'What we keep': 'Qué guardamos',
  'Your family’s contact details and shipping address; each player’s first name, play sessions, heart-rate rises, cooldowns, game settings and survey answers; your orders, invoices and messages with your coach and support.':
    'Los datos de contacto y la dirección de envío de su familia; el nombre de pila de cada jugador, sus sesiones de juego, subidas del pulso, recuperaciones, la configuración del juego y las respuestas a las encuestas; sus pedidos, facturas y mensajes con su coach y con soporte.',
  Why: 'Por qué',
  'To run the program: the games need each player’s settings, the charts and your coach need the play and heart-rate data, and billing needs your orders. We never sell data and never use children’s data for advertising.':
    'Para hacer funcionar el programa: los juegos necesitan la configuración de cada jugador, los gráficos y su coach necesitan los datos de juego y de pulso, y la facturación necesita sus pedidos. Nunca vendemos datos ni usamos los datos de los niños para publicidad.',
  'Your consent': 'Su consentimiento',
  'We collect a child’s play and heart-rate data only with a parent’s consent, given at checkout and when a player is added. Each consent is recorded with the date and the policy version; a new version of this policy asks you again.':
    'Solo recopilamos los datos de juego y de pulso de un niño con el consentimiento de su padre o madre, que se da en el pago y al agregar un jugador. Cada consentimiento queda registrado con la fecha y la versión de la política; una nueva versión de esta política se lo vuelve a pedir.',
  'How long': 'Por cuánto tiempo',
  'Play data stays while your subscription runs. After a cancellation it is removed 12 months later unless you renew; we e-mail you 30 days before. Billing records are kept 7 years, as tax law requires. Sign-in security records are kept 12 months.':
    'Los datos de juego se conservan mientras su suscripción esté activa. Tras una cancelación, se eliminan 12 meses después, salvo que renueve; le enviamos un correo electrónico 30 días antes. Los registros de facturación se conservan 7 años, como exige la ley tributaria. Los registros de seguridad de inicio de sesión se conservan 12 meses.',
  'Your rights': 'Sus derechos',
  'You can review what we hold about your family on this page and in your account, change your analytics choice at any time, download a copy of your data, and have a player’s data or your whole account deleted, after a grace period in which you can still undo it.':
    'Puede revisar lo que guardamos sobre su familia en esta página y en su cuenta, cambiar su elección sobre la analítica en cualquier momento, descargar una copia de sus datos y pedir que se eliminen los datos de un jugador o toda su cuenta, tras un período de gracia en el que todavía puede deshacerlo.',
  Payments: 'Pagos',
  'Stripe (or Grove’s own test payments when no provider is set up)':
    'Stripe (o los pagos de prueba propios de Grove cuando no hay un proveedor configurado)',
  'The paying parent’s name, e-mail address and phone number, the card entered in the payment form, and the amounts charged. Grove itself never stores the full card number.':
    'El nombre, el correo electrónico y el teléfono del padre o la madre que paga, la tarjeta ingresada en el formulario de pago y los importes cobrados. Grove nunca guarda el número completo de la tarjeta.',
  'At checkout, at each renewal and when the card is changed.':
    'En el pago, en cada renovación y cuando se cambia la tarjeta.',
  'E-mail': 'Correo electrónico',
  'Our e-mail delivery provider (SMTP)': 'Nuestro proveedor de envío de correo electrónico (SMTP)',
  'Your e-mail address and the message: order and billing notices, sign-in links, coaching reminders and, unless you turn it off, the weekly summary with each player’s first name and minutes played.':
    'Su correo electrónico y el mensaje: avisos de pedidos y facturación, enlaces para iniciar sesión, recordatorios de coaching y, salvo que lo desactive, el resumen semanal con el nombre de pila de cada jugador y los minutos jugados.',
  'Each time Grove sends you an e-mail.': 'Cada vez que Grove le envía un correo electrónico.',
  'Text messages': 'Mensajes de texto',
  'The phone number and the text: the game download link and coaching reminders.':
    'El número de teléfono y el texto: el enlace para descargar el juego y los recordatorios de coaching.',
  'Only when you or your coach ask Grove to send a text.':
    'Solo cuando usted o su coach le piden a Grove que envíe un mensaje de texto.',
  'Support tickets': 'Solicitudes de soporte',
  'Zendesk (or Grove’s own ticket list)': 'Zendesk (o la lista de solicitudes propia de Grove)',
  'Your name, e-mail address and what you write to support.':
    'Su nombre, su correo electrónico y lo que le escribe a soporte.',
  'When you contact support.': 'Cuando se comunica con soporte.',
  Analytics: 'Analítica',
  'The portal pages you open and your browser’s technical details — never names, health or play data.':
    'Las páginas del portal que abre y los datos técnicos de su navegador; nunca nombres ni datos de salud o de juego.',
  'Only if you turn analytics on (it is off unless you do).':
    'Solo si activa la analítica (está desactivada salvo que usted la active).',
  'I am the parent or legal guardian of the children who will play, I agree to Grove’s privacy policy, and I consent to Grove collecting my children’s play and heart-rate data as the policy describes.':
    'Soy el padre, la madre o el tutor legal de los niños que jugarán, acepto la política de privacidad de Grove y doy mi consentimiento para que Grove recopile los datos de juego y de pulso de mis hijos como lo describe la política.',
  'I am this player’s parent or legal guardian and I consent to Grove collecting their play and heart-rate data as the privacy policy describes.':
    'Soy el padre, la madre o el tutor legal de este jugador y doy mi consentimiento para que Grove recopile sus datos de juego y de pulso como lo describe la política de privacidad.',
  'Share anonymous usage statistics (the pages you open in the portal) with our analytics tag manager to help us improve Grove.':
    'Compartir estadísticas de uso anónimas (las páginas que abre en el portal) con nuestro gestor de etiquetas de analítica para ayudarnos a mejorar Grove.',
  'Text me when a payment fails, with a link to update the card (to the phone number of my profile; standard message rates apply).':
    'Enviarme un mensaje de texto cuando falle un pago, con un enlace para actualizar la tarjeta (al número de teléfono de mi perfil; se aplican las tarifas estándar de mensajes).',
  'Grove Family — monthly': 'Grove Family — mensual',
  'Grove Family — yearly': 'Grove Family — anual',
  'Grove Family — 14 days free': 'Grove Family — 14 días gratis',
  'Grove Professional — for clinics and schools': 'Grove Professional — para clínicas y escuelas',
  'The full program for the whole family: the games, the heart-rate band and weekly progress.':
    'El programa completo para toda la familia: los juegos, la banda de pulso y el progreso semanal.',
  'The full program, paid once a year: two months free compared with monthly.':
    'El programa completo, con un solo pago al año: dos meses gratis en comparación con el plan mensual.',
  'Try the program free for 14 days, then monthly. Cancel any time in the trial and pay nothing.':
    'Pruebe el programa gratis durante 14 días y después pague mes a mes. Cancele cuando quiera durante la prueba y no pagará nada.',
  'For therapists, clinics and schools who run Grove with several children.':
    'Para terapeutas, clínicas y escuelas que usan Grove con varios niños.',
  'Grove heart-rate chest band': 'Banda de pulso para el pecho de Grove',
  'Band charging cable': 'Cable de carga de la banda',
  'Tablet stand': 'Soporte para tableta',
  'Getting-started cards for parents': 'Tarjetas de inicio para padres',
  'Two spare heart-rate bands': 'Dos bandas de pulso de repuesto',
  'It costs too much right now': 'Ahora mismo cuesta demasiado',
  'We are taking a break (holidays, school break)': 'Vamos a tomarnos un descanso (vacaciones, receso escolar)',
  'My child is not playing much': 'Mi hijo no está jugando mucho',
  'The heart-rate band does not work well': 'La banda de pulso no funciona bien',
  'We reached our goals': 'Alcanzamos nuestras metas',
  'Something else': 'Otro motivo',
  'Pause instead: keep your progress and pay nothing for 1 to 3 months.':
    'Pause en vez de cancelar: conserve su progreso y no pague nada durante 1 a 3 meses.',
  'Book a free coaching call: a coach helps your child get back into the games.':
    'Reserve una llamada de coaching gratuita: un coach ayuda a su hijo a retomar los juegos.',
  'Let us help with the band: most connection problems are solved in five minutes.':
    'Permítanos ayudarle con la banda: la mayoría de los problemas de conexión se resuelven en cinco minutos.',
  'Add your players': 'Agregue a sus jugadores',
  'Each child gets a player profile, so their games and progress stay their own.':
    'Cada niño tiene su propio perfil de jugador, para que sus juegos y su progreso sean solo suyos.',
  'Receive your kit': 'Reciba su kit',
  'Your tablet and heart-rate band are on their way; this step ticks itself when the kit is delivered.':
    'Su tableta y su banda de pulso están en camino; este paso se marca solo cuando se entregue el kit.',
  'Connect the tablet': 'Conecte la tableta',
  'Open the game on the tablet and type the code it shows into Grove, then pair the heart-rate band from the game’s settings. It takes two minutes.':
    'Abra el juego en la tableta y escriba en Grove el código que aparece; luego vincule la banda de pulso desde la configuración del juego. Toma dos minutos.',
  'Play the first game': 'Inicie el primer juego',
  'A short first session shows your child how raising and calming their heart rate works.':
    'Una primera sesión corta le muestra a su hijo cómo funciona subir y calmar su pulso.',
  'Join a live tutorial': 'Participe en un tutorial en vivo',
  'A 30-minute online session where a coach shows the games and answers your questions.':
    'Una sesión en línea de 30 minutos en la que un coach muestra los juegos y responde sus preguntas.',
  'Book your first coaching call': 'Reserve su primera llamada de coaching',
  'Meet your coach, talk about your goals, and plan the first weeks.':
    'Conozca a su coach, hable de sus metas y planifique las primeras semanas.',
};
