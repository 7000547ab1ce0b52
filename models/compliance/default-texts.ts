// The texts shipped with the product (version 1 of each type and language). An admin replaces them in the
// console; placeholders in {{ }} are filled from the request (docs/compliance.md). Not legal advice.
import type { ComplianceType, Language } from '../../schemas/compliance.ts';

export const DEFAULT_TEXTS: Record<ComplianceType, Record<Language, string>> = {
  'aca-consent': {
    en: `Consent to receive help with Marketplace coverage

I, {{person}}, give my consent to {{agent}} of {{agency}} to help me with health coverage through the Health Insurance Marketplace.

Scope, purpose and duration of the help: {{scope}}

This consent lasts until I rescind it. I can rescind it at any time by telling {{agency}} by phone, by email or in writing; the agent will then stop acting for me.

Date: {{date}}`,
    es: `Consentimiento para recibir ayuda con la cobertura del Mercado

Yo, {{person}}, doy mi consentimiento a {{agent}} de {{agency}} para que me ayude con la cobertura de salud del Mercado de Seguros Médicos.

Alcance, propósito y duración de la ayuda: {{scope}}

Este consentimiento dura hasta que lo revoque. Puedo revocarlo en cualquier momento avisando a {{agency}} por teléfono, por correo electrónico o por escrito; el agente dejará entonces de actuar en mi nombre.

Fecha: {{date}}`,
  },
  'aca-review': {
    en: `Review of my Marketplace application

I, {{person}}, reviewed the information in my Marketplace application with {{agent}} of {{agency}} and confirm it is accurate.

The agent explained the attestations I make in the application: {{scope}}

Date: {{date}}`,
    es: `Revisión de mi solicitud del Mercado

Yo, {{person}}, revisé la información de mi solicitud del Mercado con {{agent}} de {{agency}} y confirmo que es correcta.

El agente me explicó las declaraciones que hago en la solicitud: {{scope}}

Fecha: {{date}}`,
  },
  'medicare-soa': {
    en: `Scope of Sales Appointment Confirmation Form

I, {{person}}, agree to meet with {{agent}} of {{agency}} on {{appointmentDate}} to discuss only the products I checked below:

{{products}}

The agent may not discuss other products unless I ask and a new Scope of Appointment is recorded. Signing does not obligate me to enroll in a plan, does not affect my current or future Medicare enrollment, and does not enroll me in a plan. The agent is not connected with Medicare.

Date: {{date}}`,
    es: `Formulario de confirmación del alcance de la cita de ventas

Yo, {{person}}, acepto reunirme con {{agent}} de {{agency}} el {{appointmentDate}} para hablar solamente de los productos que marqué abajo:

{{products}}

El agente no puede hablar de otros productos a menos que yo lo pida y se registre un nuevo alcance de la cita. Firmar no me obliga a inscribirme en un plan, no afecta mi inscripción actual o futura en Medicare y no me inscribe en ningún plan. El agente no está vinculado con Medicare.

Fecha: {{date}}`,
  },
};
