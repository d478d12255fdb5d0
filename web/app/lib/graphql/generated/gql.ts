/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          name\n          displayName\n          firstName\n          lastName\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.UpdateProfileDocument,
    "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          email\n          emailVerified\n          pendingEmail\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.ChangeEmailDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword) {\n      __typename\n      ... on AccountDeleted {\n        id\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.DeleteAccountDocument,
    "\n  query CurrentUserForShell {\n    currentUser {\n      id\n      name\n    }\n  }\n": typeof types.CurrentUserForShellDocument,
    "\n  query AccountSettings {\n    currentUser {\n      id\n      name\n      displayName\n      firstName\n      lastName\n      email\n      emailVerified\n      pendingEmail\n      roles {\n        targetId\n      }\n    }\n  }\n": typeof types.AccountSettingsDocument,
    "\n  query AuditLog($limit: Int!, $offset: Int!, $adminId: ID, $userId: ID) {\n    auditLog(limit: $limit, offset: $offset, adminId: $adminId, userId: $userId) {\n      total\n      entries {\n        writeId\n        admin {\n          id\n          name\n          email\n        }\n        user {\n          id\n          name\n          email\n        }\n        service\n        site\n        operationName\n        fields\n        variables\n        outcome\n        errors\n        attemptedAt\n        finishedAt\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      __typename\n      ... on ResetPasswordSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      __typename\n      ... on SignUpSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      __typename\n      ... on VerifyEmailSuccess {\n        user {\n          id\n          firstName\n          emailVerified\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          code\n          message\n        }\n      }\n    }\n  }\n": typeof types.VerifyEmailDocument,
    "\n  query AppConfig {\n    getAppConfig {\n      name\n      key\n      value\n    }\n  }\n": typeof types.AppConfigDocument,
};
const documents: Documents = {
    "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          name\n          displayName\n          firstName\n          lastName\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.UpdateProfileDocument,
    "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          email\n          emailVerified\n          pendingEmail\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.ChangeEmailDocument,
    "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword) {\n      __typename\n      ... on AccountDeleted {\n        id\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.DeleteAccountDocument,
    "\n  query CurrentUserForShell {\n    currentUser {\n      id\n      name\n    }\n  }\n": types.CurrentUserForShellDocument,
    "\n  query AccountSettings {\n    currentUser {\n      id\n      name\n      displayName\n      firstName\n      lastName\n      email\n      emailVerified\n      pendingEmail\n      roles {\n        targetId\n      }\n    }\n  }\n": types.AccountSettingsDocument,
    "\n  query AuditLog($limit: Int!, $offset: Int!, $adminId: ID, $userId: ID) {\n    auditLog(limit: $limit, offset: $offset, adminId: $adminId, userId: $userId) {\n      total\n      entries {\n        writeId\n        admin {\n          id\n          name\n          email\n        }\n        user {\n          id\n          name\n          email\n        }\n        service\n        site\n        operationName\n        fields\n        variables\n        outcome\n        errors\n        attemptedAt\n        finishedAt\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      __typename\n      ... on ResetPasswordSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      __typename\n      ... on SignUpSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      __typename\n      ... on VerifyEmailSuccess {\n        user {\n          id\n          firstName\n          emailVerified\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          code\n          message\n        }\n      }\n    }\n  }\n": types.VerifyEmailDocument,
    "\n  query AppConfig {\n    getAppConfig {\n      name\n      key\n      value\n    }\n  }\n": types.AppConfigDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          name\n          displayName\n          firstName\n          lastName\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProfile($input: UpdateProfileInput!) {\n    updateProfile(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          name\n          displayName\n          firstName\n          lastName\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          email\n          emailVerified\n          pendingEmail\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeEmail($input: ChangeEmailInput!) {\n    changeEmail(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n          email\n          emailVerified\n          pendingEmail\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($input: ChangePasswordInput!) {\n    changePassword(input: $input) {\n      __typename\n      ... on AccountUpdated {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword) {\n      __typename\n      ... on AccountDeleted {\n        id\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($currentPassword: String!) {\n    deleteAccount(currentPassword: $currentPassword) {\n      __typename\n      ... on AccountDeleted {\n        id\n      }\n      ... on AccountErrors {\n        message\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CurrentUserForShell {\n    currentUser {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query CurrentUserForShell {\n    currentUser {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountSettings {\n    currentUser {\n      id\n      name\n      displayName\n      firstName\n      lastName\n      email\n      emailVerified\n      pendingEmail\n      roles {\n        targetId\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountSettings {\n    currentUser {\n      id\n      name\n      displayName\n      firstName\n      lastName\n      email\n      emailVerified\n      pendingEmail\n      roles {\n        targetId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($limit: Int!, $offset: Int!, $adminId: ID, $userId: ID) {\n    auditLog(limit: $limit, offset: $offset, adminId: $adminId, userId: $userId) {\n      total\n      entries {\n        writeId\n        admin {\n          id\n          name\n          email\n        }\n        user {\n          id\n          name\n          email\n        }\n        service\n        site\n        operationName\n        fields\n        variables\n        outcome\n        errors\n        attemptedAt\n        finishedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditLog($limit: Int!, $offset: Int!, $adminId: ID, $userId: ID) {\n    auditLog(limit: $limit, offset: $offset, adminId: $adminId, userId: $userId) {\n      total\n      entries {\n        writeId\n        admin {\n          id\n          name\n          email\n        }\n        user {\n          id\n          name\n          email\n        }\n        service\n        site\n        operationName\n        fields\n        variables\n        outcome\n        errors\n        attemptedAt\n        finishedAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email) {\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      __typename\n      ... on ResetPasswordSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($input: ResetPasswordInput!) {\n    resetPassword(input: $input) {\n      __typename\n      ... on ResetPasswordSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      __typename\n      ... on SignUpSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      __typename\n      ... on SignUpSuccess {\n        user {\n          id\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          field\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      __typename\n      ... on VerifyEmailSuccess {\n        user {\n          id\n          firstName\n          emailVerified\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          code\n          message\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token) {\n      __typename\n      ... on VerifyEmailSuccess {\n        user {\n          id\n          firstName\n          emailVerified\n        }\n      }\n      ... on AccountErrors {\n        errors {\n          code\n          message\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AppConfig {\n    getAppConfig {\n      name\n      key\n      value\n    }\n  }\n"): (typeof documents)["\n  query AppConfig {\n    getAppConfig {\n      name\n      key\n      value\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;