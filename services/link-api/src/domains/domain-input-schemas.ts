import { z } from "zod";
import { hostNameField, subdomainLabelField } from "../links/link-fields";

const domainNameField = z.string().trim().max(100, "name must be at most 100 characters");

export const createSubdomainInputSchema = z.strictObject({
  subdomain: subdomainLabelField,
  name: domainNameField.optional(),
});

export const updateDomainInputSchema = z.strictObject({ name: domainNameField.optional() });

export const createBrandedDomainInputSchema = z.strictObject({
  domain: hostNameField,
  name: domainNameField.optional(),
});

export type CreateSubdomainInput = z.output<typeof createSubdomainInputSchema>;
export type UpdateDomainInput = z.output<typeof updateDomainInputSchema>;
export type CreateBrandedDomainInput = z.output<typeof createBrandedDomainInputSchema>;
