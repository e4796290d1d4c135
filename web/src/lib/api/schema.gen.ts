// Generated from docs/api/openapi.yaml by `npm run gen:api` (openapi-typescript). Do not edit:
// change the API description and run the script again (src/lib/api/schema.gen.test.ts checks this file).

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** liveness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ok */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** readiness: the database answers, and the process is not stopping (503 from SIGTERM on, so that load balancers send requests elsewhere) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ready */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                503: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** which social sign-ins are configured */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description providers */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            google: boolean;
                            apple: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** register; a known e-mail gets the same answer (no second account); at most 3 confirmation mails per address and hour, beyond that the same answer and no mail */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        company?: string;
                        /** @constant */
                        termsAccepted: true;
                        ref?: string;
                        /**
                         * @description the interface language the person signs up in; it becomes the account's language (and the confirmation mail's). Absent: Standard (de)
                         * @enum {string}
                         */
                        language?: "de" | "en";
                    };
                };
            };
            responses: {
                201: components["responses"]["OK"];
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** confirm an e-mail with the token of the mailed link (works once, 48 h); removes the account's company sign-in identities (whoever holds the mailbox decides who signs in) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OK"];
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** password sign-in; sets the refresh cookie (persistent when remember). 403 sso_required (after a correct password) for a member or manager of a team whose company sign-in is active and enforced (the owner is exempt). 429 after 30 attempts per address, 10 wrong passwords per account and address, or (from addresses the account never had a session from) 20 wrong passwords per account, each per 15 minutes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        remember?: boolean;
                    };
                };
            };
            responses: {
                /** @description a session, or for a user with two-factor sign-in the code step (no session, no cookie) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"] | components["schemas"]["TOTPChallenge"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** rotate the refresh cookie and get a new access token; a token presented again within 20 s of its rotation gets the same new cookie (a retry), later reuse of an old token revokes the family */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["SessionOK"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** revoke the refresh family and clear the cookie; the session's access tokens and live-update streams end too */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signed out */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** mail a reset link (same answer whether or not the account exists) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OK"];
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** set a new password with the token of a reset link (works once, 1 h) or of an invitation link (/app/login?invite=TOKEN, works once, 7 days; also confirms the e-mail); ends every session and removes the account's company sign-in identities (a company sign-in then needs the link step with the new password again) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        token: string;
                        password: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OK"];
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/anonymous": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** create a guest account and sign it in */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                200: components["responses"]["SessionOK"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/upgrade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** give a guest an e-mail and password (confirmation mail follows) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["OK"];
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** start a social sign-in (redirect to the provider) */
        get: {
            parameters: {
                query?: {
                    remember?: "0" | "1";
                    ref?: string;
                    /** @description the app page's language (de or en; anything else is ignored): an account this sign-in creates takes it as its language, an existing one keeps its own */
                    language?: string;
                };
                header?: never;
                path: {
                    provider: "google" | "apple";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to the provider */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oauth/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "google" | "apple";
            };
            cookie?: never;
        };
        /** provider answer (query) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: "google" | "apple";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description to /app/login?oauth=1, /app/login?error=social, or /app/login?error=sso_required for a member or manager of a team whose company sign-in is active and enforced (no session is started; the company sign-in is the way in); after a re-authentication (POST /api/me/reauth/{provider}) to /app/dashboard?reauth=1 or ?reauth=failed */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /** provider answer (form_post, Apple) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: "google" | "apple";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description as GET: /app/login?oauth=1, /app/login?error=social or /app/login?error=sso_required; after a re-authentication to /app/dashboard?reauth=1 or ?reauth=failed */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start a company sign-in: the work e-mail's domain picks the team whose active company sign-in claims it. 400 sso_email_invalid, 404 sso_not_configured, 503 sso_unavailable; rate-limited like social sign-in (429). Sets the browser-binding cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        remember?: boolean;
                        /** @enum {string} */
                        language?: "de" | "en";
                    };
                };
            };
            responses: {
                /** @description the provider's URL (with login_hint) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SSOURL"];
                    };
                };
                400: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the provider's answer (query). An account is signed into only through an identity linked before (and the account in the team, or in no team and its address of a domain the team claimed: it joins) or, for an existing confirmed account, through the link step (its password, POST /api/auth/sso/link); an account in another team is refused (error=sso) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signed in: /app/login?oauth=1 (or the two-factor code step); /app/login?error=sso|sso_unverified|sso_domain|sso_off; a pending link: /app/login?sso_link=TOKEN; a test: /app/team/sso?test=done */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        /** the provider's answer (form_post) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description as GET */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sso/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** what a pending link (from the callback, single use, 15 minutes) is about; 404 sso_link_invalid */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SSOLinkInfo"];
                    };
                };
                404: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        put?: never;
        /** prove the existing account's password once to link it to the company sign-in; answers as POST /api/auth/login (wrong password 401, counted as there); 404 sso_link_invalid; 409 team_already_member when the account is in another team by now. The account joins the team when it is in none */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        token: string;
                        password: string;
                        remember?: boolean;
                    };
                };
            };
            responses: {
                /** @description a session, or the two-factor code step */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"] | components["schemas"]["TOTPChallenge"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuthUser"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/is-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description role; totpSetupRequired for an admin who must set up two-factor sign-in before the admin API lets them in (ADMIN_TOTP_REQUIRED) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            isAdmin: boolean;
                            reason?: string;
                            totpSetupRequired?: boolean;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the code step of two-factor sign-in: the challenge of the sign-in (or, after Google/Apple, the sc_totp cookie) and the app's 6-digit code or a recovery code; starts the session. A code works once (its 30-second step, ±1 step accepted), a recovery code once; a challenge takes 5 codes, a user 10 wrong codes per 15 minutes; sign-in's 30 attempts per address apply */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        challenge?: string;
                        code: string;
                    };
                };
            };
            responses: {
                200: components["responses"]["SessionOK"];
                400: components["responses"]["Error"];
                /** @description totp_code_invalid (wrong or used code) or totp_challenge_invalid (unknown, expired, used or out of attempts: sign in again) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** append a consent record (bearer optional) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @constant */
                        consentType: "terms";
                        /** @enum {integer} */
                        termsVersion: 1 | 2;
                        userAgent?: string;
                    };
                };
            };
            responses: {
                /** @description recorded */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description user, profile and level */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** update the profile popup's fields (users and profiles in one transaction); publishes user/profile changes */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["ProfileUpdate"];
                };
            };
            responses: {
                /** @description the same payload as GET /api/me */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description invalid fields ({error, fields: {display_name|role|formality|language|tone_preset_id|product_description: message}}), unknown fields or malformed JSON */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** upload an avatar (JPEG, PNG or GIF, at most 2 097 152 bytes), which replaces the previous one; the type is decided by the leading bytes, the server names the file {userId}/{userId}.{jpg|png|gif}; at most 30 uploads an hour */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description address with ?v= for cache busting */
                            avatar_url: string;
                        };
                    };
                };
                /** @description 'Nur JPG, PNG oder GIF sind erlaubt.' (declared type), 'Ungültige Bilddatei.' (bytes), 'Datei konnte nicht gelesen werden.' (no multipart), 'Bitte wähle eine Bilddatei aus.' (no field file); fields: {file} */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description 'Datei zu groß (max. 2 MB).' */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                429: components["responses"]["Error"];
                /** @description 'Upload fehlgeschlagen: Avatar-Bucket nicht gefunden.' or 'Upload fehlgeschlagen: {message}' */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /** delete the avatar file and clear avatar_url */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed (also when there was none) */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description 'Löschen fehlgeschlagen: {message}'; the avatar is kept */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** accept the current terms (version 2) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        userAgent?: string;
                    };
                };
            };
            responses: {
                /** @description accepted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            terms_accepted_at: string;
                            /** @enum {integer} */
                            terms_version: 0 | 1 | 2;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/streak": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** daily-streak update (first call of a UTC day counts) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description streak */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            streak: number;
                            first: boolean;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** chats started in the current cycle against the plan's quota */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description usage */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            used: number;
                            quota: number;
                            /** @enum {string} */
                            plan: "free" | "plus" | "elite";
                            /** Format: date-time */
                            cycleStart: string;
                            /** @description the plan is granted by a seat of the caller's team (Plus while the team subscription is active), not by a personal subscription */
                            seat?: boolean;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's skill analytics of the last 7, 30 or 90 UTC days (guests too; every user reads only their own). Other range: 400 bad_period with fields.range */
        get: {
            parameters: {
                query?: {
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the report */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProgressReport"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's two-factor sign-in */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TOTPStatus"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** start setting up an authenticator app: a new secret (stored encrypted, pending, replacing a pending one) with its QR code; 409 totp_already_enabled when it is on, 403 totp_guest for guests; 20 an hour */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TOTPSetup"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** turn the pending set-up on with a first code; answers the 10 recovery codes (once). This session counts as having passed the code step; the user's other sessions end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description recovery codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodes"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** turn two-factor sign-in off (the password, or a code); removes the secret and the recovery codes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["TOTPReauth"];
                };
            };
            responses: {
                /** @description turned off */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/totp/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** replace the recovery codes (the password, or a code); answers the new ones once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["TOTPReauth"];
                };
            };
            responses: {
                /** @description recovery codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecoveryCodes"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** hide every conversation of the user (they still count against the quota) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description how many */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: number;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's data (GDPR art. 15 and 20) as a ZIP streamed as it is read: account.json (every table's rows about the user, without password or token hashes; two_factor says whether two-factor sign-in is on, since when, and how many recovery codes are left, never the secret or the codes), README.md, conversations/NNNN-{id}.json and .md (every conversation, deleted ones too, with messages, scores and evaluation; read page by page), avatar.{ext}. No Content-Length; a failure after the first byte breaks the connection. At most 3 an hour per user (429 'too_many_attempts'). */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the archive */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/reauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** how the caller confirms an account deletion: method password (the password), provider (a fresh sign-in at one of providers, the configured Google/Apple accounts linked to the account; empty when none is configured: set a password) or none (a guest). verified is true while this session holds an unused proof of such a sign-in, until expiresAt (Unix seconds, 0 without one). twoFactor is true when the user has two-factor sign-in on: the deletion also asks for a code. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the caller's way to confirm */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            method: "password" | "provider" | "none";
                            providers: ("google" | "apple")[];
                            verified: boolean;
                            expiresAt: number;
                            twoFactor: boolean;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/reauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start a fresh sign-in at a provider linked to the caller's account, to confirm an account deletion without a password. Answers the provider's URL (with max_age=0 and prompt=login, for Google prompt=select_account) to send the browser to, and sets the sc_oauth browser-binding cookie. The callback checks that the provider's identity is the caller's (else nothing happens) and that auth_time, when sent, is not older than the start; then this session (not another) holds a proof for 5 minutes, used once by POST /api/me/delete, and the browser returns to /app/dashboard?reauth=1 (a failure: ?reauth=failed). 403 'reauth_use_password' for a user with a password, 'reauth_not_linked' for a provider not linked; 404 'provider_not_configured'; 503 'social_login_failed' while the provider is unreachable. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description where the browser goes next */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** delete the caller's account (GDPR art. 17). confirmation is LÖSCHEN or DELETE (any case); password is required of a user who has one. A guest types the confirmation only. A Google or Apple user without a password confirms by a fresh sign-in first (POST /api/me/reauth/{provider}); this request then uses up that session's proof, and without a live one answers 403 'account_delete_reauth_required'. An account with neither password nor a configured linked provider gets 403 'account_delete_needs_password' and sets a password through the reset mail first. A user with two-factor sign-in on also sends code, the authenticator app's current code or a recovery code (used up, even when the deletion then fails); missing: 400 'totp_code_missing', wrong or used: 400 'totp_code_invalid' (field errors on code), counted against the same brake as the sign-in code step (ten wrong codes in 15 minutes, then 429 'too_many_attempts'). An open PayPal subscription is cancelled first (the team plan of a team the caller owns too: the team goes with the account); when PayPal fails nothing is deleted (503 'account_delete_subscription_failed'); a failing avatar store likewise (503 'account_delete_storage_failed'). Then the account and its rows go, every session ends at once (access tokens answer 401, live streams end) and the refresh cookie is cleared. At most 10 tries in 15 minutes. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password?: string;
                        confirmation: string;
                        code?: string;
                    };
                };
            };
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/preflight": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description whether a new chat may start, and which engine plays the customer; plansForSale is false where no plan can be bought on the installation (no PayPal), and the limit's answer then says when the quota renews: renewsOn, the UTC day the current cycle ends (chat_limit_renews instead of chat_limit_details) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowed: boolean;
                            limit: number;
                            used: number;
                            /** @enum {string} */
                            engine: "builtin" | "openai";
                            plansForSale: boolean;
                            /** Format: date */
                            renewsOn: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start a chat (without conversationId) or send the next message; with Accept text/event-stream the reply streams as `token` events ({text}) and ends with `done` (a ChatAnswer) or `error` ({error, details, retryAfter?}); a model server that fails mid-stream gives the same text and retryAfter as the 503 */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        conversationId?: string;
                        /**
                         * @description required to start
                         * @enum {string}
                         */
                        mode?: "Übung" | "Prüfung";
                        /**
                         * @description required to start a practice chat
                         * @enum {integer}
                         */
                        difficulty?: 1 | 2 | 3;
                        message: string;
                        productOverride?: string;
                        pdfName?: string;
                        pdfText?: string;
                        /** @description start a practice chat whose customer raises this objection family first (Als Nächstes üben), with either engine; only read when a practice chat starts (ignored for an exam, whose objections stay drawn, and with a conversationId). Unknown key: 400 invalid_data with fields.focusFamily, and nothing is started */
                        focusFamily?: components["schemas"]["ObjectionFamilyKey"];
                        /** @description start the chat on this scenario (one the caller may see, else 404 scenario_not_found and nothing is started); only read when a chat starts. Practice difficulty d plays d of its objections (fewer when it has fewer), an exam min(3, n); focusFamily is ignored */
                        scenarioId?: string;
                        /**
                         * Format: uuid
                         * @description start the chat on an assignment the caller's team gave them (else 404 assignment_not_found and nothing is started): its mode, difficulty, family or scenario and product description replace the request's; only read when a chat starts. A won chat completes the assignment
                         */
                        assignmentId?: string;
                        /**
                         * Format: uuid
                         * @description the caller's open voice call, when the browser's own speech recognition heard the message: the message is a turn of that call ('Telefonieren'). Counted before the answer ends; a call that is finished or not the caller's gains nothing and the message is sent all the same
                         */
                        callId?: string;
                    };
                };
            };
            responses: {
                /** @description the reply */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatAnswer"];
                        "text/event-stream": string;
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description conversation_not_found; voice_call_not_found when callId is no UUID (nothing is sent) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conversation_completed: the chat is already complete; conversation_busy: another message of this chat (another tab, on any app process) is being answered right now, this one was not stored and can be sent again after that reply */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
                /** @description Monatslimit erreicht (details name the limit) or too many messages */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the model failed; the user message is kept and can be sent again (conversationId names the chat a failed first message created). Unreachable, timed out, 429/5xx or broken off: 'Der KI-Kunde ist gerade nicht erreichbar. Bitte versuche es in einem Moment erneut.' with Retry-After */
                503: {
                    headers: {
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** own conversations, not deleted, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description list */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Conversation"][];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description messages (oldest first) and state */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConversationDetail"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description hidden */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        title: string;
                    };
                };
            };
            responses: {
                /** @description renamed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            title: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/conversations/{id}/score": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the latest answer's assessment (practice only; scoring happens when the answer is sent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description score */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Score"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/hint": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a tip for the next answer (practice only; counts a hint) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description tip */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tip: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                503: components["responses"]["ModelUnavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/perfect-message": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** a model answer to adapt (practice only; counts a perfect answer): once its placeholders in square brackets are replaced by the seller's own facts a trainer would score it near 100; sent with a placeholder left in, the sentence holding it earns nothing and the evidence reason says so ('Platzhalter noch offen …'). The web app puts it into the input, never sends it itself. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        conversationId?: string;
                        productOverride?: string;
                    };
                };
            };
            responses: {
                /** @description answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["ModelUnavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/evaluation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the six-category evaluation, stored with the conversation; the first of a finished exam awards its XP */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        conversationId?: string;
                        productOverride?: string;
                    };
                };
            };
            responses: {
                /** @description evaluation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            evaluation: components["schemas"]["Evaluation"];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                /** @description conversation_busy: a message of this chat is being answered right now */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
                503: components["responses"]["ModelUnavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** end an exam ('Prüfung beenden') */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            conversation: components["schemas"]["Conversation"];
                            completed: boolean;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                /** @description conversation_busy: a message of this chat is being answered right now */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/product-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** fetch a product website (SSRF-safe, public addresses, ports 80/443, 5 s, 2 MB) and summarise it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            responses: {
                /** @description summary */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            summary: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["ModelUnavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** any conversation, deleted ones included (admins only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description conversation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminConversationDetail"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** what the server offers for voice training: the speech-to-text and text-to-speech providers ('none': the browser uses its own speech synthesis, and its own recognition where it has one), the caller's default voice (by language: de Vicki, en Joanna, neural), and the voice loop's constants */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description voice settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            stt: {
                                /** @enum {string} */
                                provider: "openai" | "none";
                            };
                            tts: {
                                /** @enum {string} */
                                provider: "openai" | "polly" | "none";
                                /**
                                 * @description the voice that speaks when a request names none: the user's language's (Vicki, Joanna) or, with TTS_PROVIDER=openai, TTS_VOICE
                                 * @example Vicki
                                 * @example alloy
                                 */
                                voice: string;
                                /** @enum {string} */
                                engine: "standard" | "neural";
                                /** @example de-DE */
                                languageCode: string;
                            };
                            /** @constant */
                            maxRecordingMs: 20000;
                            /**
                             * @description RMS below which the microphone counts as silent
                             * @constant
                             */
                            silenceThreshold: 0.01;
                            /**
                             * @description silence after speech that ends a turn
                             * @constant
                             */
                            silenceMs: 1500;
                            /**
                             * @description shorter transcripts (trimmed) are discarded
                             * @constant
                             */
                            minTranscriptChars: 2;
                            /** @constant */
                            maxTextChars: 3000;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** transcribe one recording: WebM, Ogg or WAV decided by the leading bytes (the declared type is ignored), at most 5 MiB and 25 s (the 20 s cap plus a margin), read from the container; at most 30 a minute per user; the recording's length is recorded for the admin usage. With callId the transcription (2 characters or more) counts as a turn of that call */
        post: {
            parameters: {
                query?: {
                    callId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "multipart/form-data": {
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description the text */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            text: string;
                        };
                    };
                };
                /** @description audio_type, audio_empty, audio_invalid (no audio or no multipart), audio_missing (no field file), audio_too_long; fields: {file} */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description voice_call_not_found: callId is not an open call of the caller */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description audio_too_large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                429: components["responses"]["Error"];
                /** @description stt_not_configured; stt_failed ('Spracherkennung fehlgeschlagen. Bitte erneut versuchen.') when the provider failed or did not answer within VOICE_TIMEOUT, with Retry-After when waiting helps */
                503: {
                    headers: {
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** speak a text (at most 3000 characters) and stream the audio (audio/mpeg) as the provider sends it; without a voice the languageCode, else the caller's language, picks the default voice (de-DE and de Vicki, en-US Joanna, en-GB Amy, neural; any other Vicki in de-DE); at most 120 a minute per user. A provider that breaks off after audio went out ends the answer unterminated (a failed transfer, never short audio); the characters are recorded only for speech delivered whole */
        post: {
            parameters: {
                query?: {
                    /** @description overrides the body's voice */
                    voiceId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        text: string;
                        /** @description a provider's voice name (Polly: Vicki, Hans, …; OpenAI: alloy, nova, marin, …; with TTS_PROVIDER=openai any other name, such as the Polly voices, speaks in TTS_VOICE) */
                        voice?: string;
                        /** @enum {string} */
                        engine?: "standard" | "neural";
                        /**
                         * @example de-DE
                         * @example en-GB
                         */
                        languageCode?: string;
                        /**
                         * @description the specification's optional extras, Polly's options: the app plays MP3 only
                         * @enum {string}
                         */
                        outputFormat?: "mp3";
                        /** @description Polly's MP3 sample rate in Hz, as a string or a number (the OpenAI API has no such option and answers its own rate) */
                        sampleRate?: ("8000" | "16000" | "22050" | "24000") | (8000 | 16000 | 22050 | 24000);
                        /**
                         * @description plain text only; SSML is refused
                         * @enum {string}
                         */
                        textType?: "text";
                    };
                };
            };
            responses: {
                /** @description the audio */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "audio/mpeg": string;
                    };
                };
                /** @description speech_text_empty, speech_text_too_long, voice_invalid (also when the provider refuses the voice), voice_engine_invalid, language_code_invalid, speech_format_invalid, sample_rate_invalid, text_type_invalid, field_bad_type, field_unknown (any other field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                /** @description tts_not_configured; tts_failed when the provider failed or did not answer within VOICE_TIMEOUT, with Retry-After when waiting helps */
                503: {
                    headers: {
                        "Retry-After": components["headers"]["RetryAfter"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start a voice call; transcriptions (POST /api/stt?callId=) and, with the browser's own recognition, chat messages (callId in POST /api/chat) count as its turns (at most 30 calls an hour) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description started */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice/calls/{id}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** end a voice call; the first finish of a call with a turn (a transcription of 2 characters or more with its callId, or a chat message with its callId) adds 1 to the 'Telefonieren' counter (calls_count) and publishes a profile change */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description finished */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            counted: boolean;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description voice_call_not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/realtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** server-sent events of the caller's own changes: `ready` on connect, `change` {type: user|profile|conversation|feedback|resync, op: insert|update|delete, id} (resync, with op and id empty: changes were dropped, refetch everything), a `: ping` comment every 25 s; closed when the access token expires (reconnect with a fresh one), right after the `change` of type user that disabled the account, and with a `superseded` event when the user opens a ninth stream on the same server process (the oldest gives way; reconnect only when that tab is used again), and with `retry: 1000` and a `reconnect` event when the server process is stopping (reconnect at once: the load balancer picks another process); a stopping process answers 503 to new streams */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description event stream */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tone-presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description presets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            name: string;
                            name_en: string;
                            description: string;
                        }[];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/challenges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the nine dashboard challenges in display order with the caller's progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description cards */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChallengeCard"][];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/referrals/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's referral code without creating one: '' before the first POST, so the dashboard shows the existing link after a reload */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** the caller's referral code, created on the first call (8 characters of A-Z and 2-9 without I, L, O); the invitation link is {origin}/?ref={code} */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** who signed up with the caller's code, newest first (at most 500) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description sign-ups */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            created_at: string;
                            /** @description '' when the invitee set none */
                            display_name: string;
                            /** @description the upper-cased first letter of the display name, else of the invitee's e-mail address (never sent itself); '' when there is neither (then shown as 'Unbekannt') */
                            initial: string;
                            /** @description resolved like the user's avatar_url */
                            avatar_url: string;
                        }[];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's newest subscription (by update time); without one the tier is free and the rest empty */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description subscription */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** what the profile's PayPal buttons need (client id, the Plus and Elite plan ids, prices in euros a month); configured is false without PayPal settings, and the section then says payments are not configured. The promo plan's id comes from /api/promo/validate. */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description configuration */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            configured: boolean;
                            clientId: string;
                            /** @description the browser script to load instead of PayPal's (tests and demos only: PAYPAL_SDK_URL) */
                            sdkUrl?: string;
                            /** @description the PayPal plan ids; empty while configured is false */
                            plans: {
                                plus?: string;
                                elite?: string;
                            };
                            prices: {
                                /** @example 29 */
                                plus: number;
                                /** @example 99 */
                                elite: number;
                            };
                            /** @example EUR */
                            currency: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/subscriptions/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** accept the PayPal subscription the caller's button created. The server reads it from PayPal and accepts it only when its plan is one of ours, its status APPROVED or ACTIVE and its custom_id the caller's user id (the button sets custom_id to the user id, and for the promo plan to "userId:promoCode"); one PayPal subscription belongs to one account. The promo plan needs promoCode (or the one in custom_id), redeemed now in the transaction that stores the subscription. Confirming twice changes nothing. A subscription never confirmed (the browser closed after the approval) is adopted from PayPal's webhook with the same checks. 503 with Retry-After when PayPal is down (nothing changed). A paid plan starts only with withdrawalWaiver true (issue 25 point 15) — without it 400 `withdrawal_waiver_required` with the problem under fields.withdrawalWaiver and nothing starts; with it the consent audit records a `withdrawal_waiver` of the current terms version for the caller, with the request's User-Agent, before the subscription is accepted. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        subscriptionID: string;
                        promoCode?: string;
                        /**
                         * @description the buyer ticked 'Ich verlange ausdrücklich, dass mit der Leistung vor Ablauf der Widerrufsfrist begonnen wird, und mir ist bekannt, dass ich dadurch mein Widerrufsrecht verliere.'
                         * @constant
                         */
                        withdrawalWaiver: true;
                    };
                };
            };
            responses: {
                /** @description the subscription, as GET /api/subscription */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/subscriptions/revise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** change an active subscription between Plus and Elite (planId is the PayPal plan id). PayPal asks the buyer to approve; the browser goes to approveUrl and comes back to /app/dashboard?paypal=revised; the new tier shows once PayPal reports it. The change starts another paid plan, so it needs withdrawalWaiver true as the confirmation does (400 `withdrawal_waiver_required` naming fields.withdrawalWaiver otherwise; with it a `withdrawal_waiver` consent record). Cancelling (down to Free) needs none. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        subscriptionID: string;
                        planId: string;
                        /**
                         * @description the buyer's express request that the service begin before the withdrawal period ends (see confirm)
                         * @constant
                         */
                        withdrawalWaiver: true;
                    };
                };
            };
            responses: {
                /** @description approval link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uri */
                            approveUrl: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/subscriptions/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** cancel at the end of the paid period; the answer's cancel_at is that end ('Abo endet am {date}'). The subscription is suspended at PayPal now (never charged again), keeps its plan until cancel_at and is cancelled at PayPal for good then (docs/decisions.md). Repeating answers the same cancel_at. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        subscriptionID: string;
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description the subscription, as GET /api/subscription */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/subscriptions/uncancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** undo a pending cancellation before cancel_at ('Kündigung zurückgenommen'); the subscription is activated at PayPal again. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        subscriptionID: string;
                    };
                };
            };
            responses: {
                /** @description the subscription, as GET /api/subscription */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/paypal/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** PayPal's webhook (no bearer). Every delivery is verified with PayPal against PAYPAL_WEBHOOK_ID; unverified is 400 and changes nothing. Each event id is applied once; the subscription it names is read from PayPal, so late events never overwrite newer state; types not acted on are acknowledged; a subscription not confirmed here is adopted when PayPal reports it approved or active, on one of our plans, with a custom_id naming one of our users (as confirm would), and acknowledged otherwise. 503 when PayPal cannot be asked (PayPal delivers again). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description applied or acknowledged */
                200: components["responses"]["OK"];
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/promo/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** check a promo code without using it (20 per hour per user). valid with planId (the PayPal plan id the code unlocks), plan, price (when known), currency and the admin's description of the promotion when the caller could redeem it; otherwise valid is false and code says why (promo_code_invalid, promo_code_used_up, promo_code_redeemed, promo_unavailable). The use counts when the subscription is confirmed. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description the check */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            valid: boolean;
                            planId?: string;
                            code?: components["schemas"]["ErrorCode"];
                            /**
                             * @description the plan a valid code unlocks (the promo plan is Elite at a promotional price)
                             * @enum {string}
                             */
                            plan?: "plus" | "elite" | "promo";
                            /** @description euros a month of that plan; absent when not known (the promo plan without PAYPAL_PROMO_PRICE) */
                            price?: number;
                            /** @example EUR */
                            currency?: string;
                            /** @description the admin's description of the promotion; absent when empty */
                            description?: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** found a team ('Team gründen') with the caller as owner. 403 team_email_unconfirmed for a guest or an unconfirmed address; 409 team_already_member when the caller is in a team; 400 team_name_required / team_name_too_long */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description the team */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Team"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's team; 404 team_not_found without one */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the team */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Team"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        /** delete the team with its memberships, invitations, shares and assignments (owner only: 403 team_owner_only); every member keeps their account and chats. The team's subscription to the team plan is cancelled at PayPal first, for good and at once (its seats end with the team); when PayPal cannot be reached or refuses, nothing is deleted: 503 team_delete_subscription_failed with Retry-After */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the team's pending invitations (unused, unexpired), newest first, at most 500; for the owner and managers (who may invite), a member: 403 team_forbidden */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the pending invitations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Invitation"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        /** invite an address (owner: manager or member; manager: member only, else 403; 200 an hour per inviter, then 429). The mail goes through the outbox with the link <BASE_URL>/app/team/join?token=<one-time token>, single use, valid 7 days, for this address only (POST /api/team/join). An address without an account signs up through the link and joins when it confirms the address (or with POST /api/team/join). A pending invitation of the team to the same address (case-insensitive) is replaced: its link stops working. Refused with 400 and fields.email: team_invitation_email_invalid (an address that cannot receive mail: no dot in the domain, an IP address, …), team_invitation_self (the caller's own address), team_invitation_member (an account already in the team). A member: 403 team_forbidden */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        email: string;
                        /**
                         * @default member
                         * @enum {string}
                         */
                        role?: "manager" | "member";
                    };
                };
            };
            responses: {
                /** @description invited */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationSent"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                /** @description conflict: another invitation to this address was saved at the same moment */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** withdraw a pending invitation ('Zurückziehen'): its link stops working. The owner any, a manager the member invitations (else 403 team_owner_only), a member 403 team_forbidden; another team's, a used or unknown id: 404 team_invitation_not_found */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description withdrawn */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitations/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** send an unused invitation again ('Erneut senden'): a new token, a new expiry (7 days from now) and a new mail; the old link stops working. Permissions and 404 team_invitation_not_found as DELETE; rate-limited together with inviting (429) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description sent again */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationSent"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** join with an invitation's token (in its role; used up) or the team's join link token (as a member; the join link works for whoever holds it). An invitation works only for the account whose e-mail is the invited address (case-insensitive); another account gets 403 team_invitation_other_email ({"code": "team_invitation_other_email", "error": "Diese Einladung gilt für anna@firma.de. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.", "params": {"email": "anna@firma.de"}, "invitedEmail": "anna@firma.de"}) and the invitation stays usable for its person. 404 team_invitation_invalid for an unknown, used or expired token; 409 team_already_member; 403 team_email_unconfirmed; counts against the mail-link attempts of the address (429) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description the team joined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Team"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                /** @description team_email_unconfirmed, or team_invitation_other_email with invitedEmail (and params.email) naming the invited address */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the name of the team an invitation (unused, unexpired) or a join link leads into, for the page the link opens before anyone signs in (no session needed; rate-limited per address like every token's use). 400 fields.token team_invitation_invalid for no token or one over 200 characters; 404 team_invitation_invalid for any other token */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the team */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            teamName: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                404: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the team's company sign-in (owner only: 403 team_owner_only; 404 team_not_found without a team) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TeamSSO"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        /** save the company sign-in (owner only). Changing issuer, client id or secret makes the last test stale and switches it off; a changed issuer is discovered (400 sso_discovery_failed). active true needs a current successful test (409 sso_test_required) and a domain claimed by DNS (409 sso_domain_unclaimed); a domain another team claimed: 409 sso_domain_taken; a free-mail or ISP domain: 400 fields.domains sso_domain_freemail. Switching on with enforced (or enforced while on) ends the open sessions of the team's members and managers */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["TeamSSOUpdate"];
                };
            };
            responses: {
                /** @description the settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TeamSSO"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        post?: never;
        /** remove the company sign-in with its domain claims and linked company identities (owner only) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/sso/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** start a test sign-in of the owner at the provider (owner only; 409 sso_test_unsaved before settings are saved): the browser goes to url; the callback stores lastTest (ok for a verified e-mail of a listed domain) and redirects to /app/team/sso?test=done. A test signs no one in and claims no domain (POST /api/team/sso/domains/verify does) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the provider's URL; the browser-binding cookie is set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SSOURL"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/sso/domains/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** prove a listed domain by DNS (owner only): the server looks up the TXT records of the domain's dnsName (GET /api/team/sso) and, when one has the value dnsValue, claims the domain for the team. 200 the settings with the domain claimed: true (also when it was claimed already); 409 sso_domain_unverified when no such record is found (the text names dnsName and dnsValue, params domain, dnsName, dnsValue; DNS changes may take a while); 409 sso_domain_taken when another team claimed it (of two teams verifying at once, one wins); 400 fields.domain sso_domain_not_listed for a domain not in the list (sso_domain_freemail for a free-mail domain, sso_bad_domain for no domain name); 409 sso_not_configured without settings; 503 sso_dns_unavailable when the DNS server does not answer within 5 s; 429 after 30 checks per hour */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        domain: string;
                    };
                };
            };
            responses: {
                /** @description the settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TeamSSO"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/join-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** give the team a new join link (owner only); the old one stops working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the new link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the members table (owner and managers; a member: 403 team_forbidden): figures over the last 7/30/90 days from the progress data, searchable (q: name or e-mail), sortable, 50 a page; a sort not listed, or given twice: 400 fields.sort team_bad_sort */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    sort?: "name" | "-name" | "email" | "-email" | "role" | "-role" | "joinedAt" | "-joinedAt" | "lastActivity" | "-lastActivity" | "chats" | "-chats" | "answers" | "-answers";
                    page?: number;
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description one page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            members: components["schemas"]["TeamMember"][];
                            total: number;
                            page: number;
                            pageSize: number;
                            range: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        /** a member's page (owner and managers): the table's row, the member's progress report over range (technique rates and their weeks, families, evaluated exams with their totals) and the chats whose transcripts the caller may read. A user not in the caller's team: 404 */
        get: {
            parameters: {
                query?: {
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            member: components["schemas"]["TeamMember"];
                            progress: components["schemas"]["ProgressReport"];
                            /** @description the member's chats whose transcripts the caller reads at GET /api/team/conversations/{id}: shared with the team ('Mit meinem Team teilen', until revoked) or exams started on the team's assignments; the newest 20 (by start), newest first */
                            transcripts: components["schemas"]["MemberTranscript"][];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        /** remove a member from the team (owner: anyone but themselves; manager: members only); the account and chats stay, the member's shares with the team end, and so do the team's assignments they have not done */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        /** change a member's role (owner only, not their own: 403 team_owner_only); owner hands the team over and the old owner becomes a manager */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role: "owner" | "manager" | "member";
                    };
                };
            };
            responses: {
                /** @description changed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/team/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** leave the team; the account and chats stay, shares with the team end, and so do the team's assignments not done yet. The owner: 409 team_owner_cannot_leave (hand over or delete the team first) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description left */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** a chat a member of the caller's team shared with it, or an exam of theirs started on one of the team's assignments, for the owner and managers (a member: 403). Not shared (and no assignment's exam), revoked, its author gone from the team, or another team's: 404 conversation_not_found */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the chat as its author sees it, and its author */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            chat: components["schemas"]["ConversationDetail"];
                            /** @description the score (0–100) of each of the author's scored answers, by the message's id, as the author saw it live (practice); answers without a score are absent */
                            answerScores: {
                                [key: string]: number;
                            };
                            author: {
                                /** Format: uuid */
                                userId: string;
                                displayName: string;
                                email: string;
                            };
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the team's assignments, newest first (at most 200), each with the completion of every assignee still in the team (owner and managers; a member: 403) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the assignments */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AssignmentList"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        /** assign a training to members of the caller's team (owner and managers; a member: 403 team_forbidden). userIds omitted or empty: the whole team but the caller, and whoever joins it before dueAt (wholeTeam). A user id not in the team: 404 team_member_not_found and nothing is stored; a scenario one of the assignees may not see: 400 with fields.scenarioId. Each assignee gets one reminder mail a day before dueAt */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title: string;
                        /** @enum {string} */
                        mode: "Übung" | "Prüfung";
                        difficulty: number;
                        family?: components["schemas"]["ObjectionFamilyKey"];
                        /** @description with it, family is ignored */
                        scenarioId?: string;
                        productDescription?: string;
                        /**
                         * Format: date-time
                         * @description in the future, at most a year ahead; not an RFC 3339 date: 400 fields.dueAt bad_date
                         */
                        dueAt: string;
                        userIds?: string[];
                    };
                };
            };
            responses: {
                /** @description the assignment with its assignees */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Assignment"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's assignments from their current team ('Aufgaben'): open and overdue ones first by due date, then done ones; empty without a team. Start one with POST /api/chat {assignmentId, message} */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the caller's assignments */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AssignmentList"];
                    };
                };
                401: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the team's leaderboard ('Bestenliste'): XP earned this week (since Monday, UTC) or this month, the top 10 places of the members who show themselves, and the caller's own place (null and hidden: true while they hide themselves) */
        get: {
            parameters: {
                query?: {
                    period?: "week" | "month";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the leaderboard */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Leaderboard"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the team aggregates of the manager view over the last 7, 30 or 90 UTC days, in the shape of GET /api/me/progress: technique rates (with previousRate) and weekly technique rates, families with attempts/solved/averageScore, summed over the team's current members (a member who left no longer counts; one who joined brings their history); exams is always empty (each member's exams are on GET /api/team/members/{userId}); recommendation is always null. Owners and managers only: 403 team_forbidden for a member, 404 team_not_found without a team, 400 bad_period with fields.range for another range */
        get: {
            parameters: {
                query?: {
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the team's report */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProgressReport"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the owner's seat page ('Plätze'): the team plan 'Team' (25 € per seat and month, PayPal plan PAYPAL_PLAN_TEAM), its seats and who holds one. Owner only: managers and members 403 team_owner_only; no team 404 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        /** buy quantity seats: the server creates a PayPal subscription of the team plan with that quantity and answers approveUrl, where the owner approves; PayPal sends them back to /app/team/seats?paypal=approved&subscription_id=..., where the page calls POST /api/team/seats/confirm. The team has an active team subscription: 409 seats_exist (change the quantity instead); not configured: 503 seats_not_configured */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        quantity: number;
                    };
                };
            };
            responses: {
                /** @description approval link */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uri */
                            approveUrl: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /** change the number of seats (PayPal's revise with quantity): answers approveUrl where the owner approves; the new number counts once PayPal reports it (webhook, or confirm on return to /app/team/seats?paypal=revised&subscription_id=...). Fewer than the seats assigned: 400 seats_below_assigned; the same number: 400 seats_same; no active team subscription: 409 seats_none */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        quantity: number;
                    };
                };
            };
            responses: {
                /** @description approval link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uri */
                            approveUrl: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/team/seats/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** after the owner approved at PayPal: read the team subscription (subscriptionID, the team's current one) back from PayPal and answer the seat page */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        subscriptionID: string;
                    };
                };
            };
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/seats/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** cancel the team subscription at the end of the paid period, as personal plans are (suspended at PayPal now, seats keep Plus until cancelAt, cancelled for good then); answers the seat page */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/seats/uncancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** undo the cancellation before cancelAt; answers the seat page. No body, or an empty JSON object (anything else: 400 request_not_object) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                503: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members/{userId}/seat": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        get?: never;
        /** give a member of the team a seat (owner only): Plus quota (250 chats per cycle) while the team subscription is active. Again: no change. Every seat taken: 409 seats_full; no active team subscription: 409 seats_none; not in the team: 404 team_member_not_found. Answers the seat page */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
            };
        };
        post?: never;
        /** take a member's seat back (owner only); without a seat no change. Answers the seat page */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the seats */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Seats"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/share": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** whether the caller's chat is shared with their current team */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the share */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatShare"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        /** share the caller's own chat with their team ('Mit meinem Team teilen'): its owner and managers may read it at GET /api/team/conversations/{id}. Not the caller's chat: 404 conversation_not_found; no team: 404 team_not_found */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description shared */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatShare"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        /** revoke the share (done when not shared) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description not shared */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** record a route change of the app (bearer optional); GET / and GET /impressum are recorded by the server itself, the source taken from utm_source, else the Referer's host (as web/src/lib/tracking.ts does). 600 per hour per address. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        path: string;
                        /** @enum {string} */
                        source: "google" | "ai-tool" | "instagram" | "youtube" | "tiktok" | "linkedin" | "direct" | "other";
                    };
                };
            };
            responses: {
                /** @description recorded */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vitals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** web vitals of a page load, measured in the visitor's browser (web-vitals; bearer optional, never stored: the figures are about pages, not people). Each page is stored as the app's route pattern (query, fragment, ids and letter case dropped; an unknown path as 'other'). 600 per hour per address, apart from /api/track's limit. One bad measurement refuses the whole report: an unknown name 'Unbekannte Metrik.', a value outside 0…max 'Der Messwert muss zwischen 0 und {max} liegen.', a page not starting with / 'Ungültiger Pfad.', no or more than 10 measurements 'Bitte 1 bis 10 Messwerte senden.' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        metrics: {
                            /** @enum {string} */
                            name: "LCP" | "INP" | "CLS";
                            /** @description LCP and INP in milliseconds (at most 120000 and 60000), CLS as its score (at most 100) */
                            value: number;
                            /** @description the app path below /app, e.g. /chat; the web app sends the route pattern already */
                            page: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description stored */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/avatars/{userID}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** an avatar of the local store (BLOB_STORE=local), public; served with its image type, X-Content-Type-Options nosniff, Content-Security-Policy default-src 'none' and Cache-Control public, max-age=3600 */
        get: {
            parameters: {
                query?: {
                    /** @description cache busting only */
                    v?: number;
                };
                header?: never;
                path: {
                    userID: string;
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the image */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/jpeg": unknown;
                        "image/png": unknown;
                        "image/gif": unknown;
                    };
                };
                /** @description no such avatar */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the caller's own feedback, newest first, at most 20 (without the message) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description feedback */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Feedback"][];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** send feedback (bearer optional). Signed in: the account's e-mail and name when none are given, +1 feedback counter and +5 XP, a live `profile` change. Signed out: e-mail required. 5 per hour per address signed out, 30 signed in. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /**
                         * @description else fields.type 'Unbekannte Kategorie.'
                         * @enum {string}
                         */
                        type: "general" | "bug" | "feature";
                        subject?: string;
                        /** @description trimmed; empty: 'Nachricht darf nicht leer sein' */
                        message: string;
                        /** @description required signed out: 'Bitte gib eine gültige E-Mail-Adresse an.' */
                        email?: string;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Feedback"];
                    };
                };
                400: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the admin dashboard (admins only, as every /api/admin path — 401 signed out, 403 'Keine Berechtigung.') */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description counters */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            users: number;
                            /** @description users with session activity in the last 15 minutes */
                            activeSessions: number;
                            /** @description feedback not yet bearbeitet */
                            openFeedback: number;
                            /** @description conversations started since UTC midnight, deleted ones too */
                            chatsToday: number;
                            chatsMonth: number;
                            /** @description 30 UTC days, oldest first, today last */
                            newUsersPerDay: {
                                /** Format: date */
                                day: string;
                                count: number;
                            }[];
                            newestUsers: components["schemas"]["AdminUserItem"][];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** teams newest first with owner, members and seats (the team plan's quantity, seats assigned, PayPal status); q (at most 200 characters) matches the team's name or the owner's e-mail (substring, any case) */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description teams */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminTeamPage"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/teams/{teamId}/sso/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** switch a team's company sign-in off in an emergency (admin; audit-logged); its owner may test again and switch it on. 404 sso_not_configured for a team without it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description switched off */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** accounts newest first; q (at most 200 characters) matches e-mail or display name (substring, any case) or the exact id */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description users */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminUserPage"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** create an account (display name 'First Last', no password, e-mail unconfirmed) and mail an invitation ('Einladung zu Sales Coach') with the link {base}/app/login?invite=TOKEN (7 days); the link sets the password through POST /api/auth/reset */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description 'Vorname ist erforderlich.' */
                        first_name: string;
                        /** @description 'Nachname ist erforderlich.' */
                        last_name: string;
                        /** @description 'Bitte gib eine gültige E-Mail-Adresse an.' */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminUserItem"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description 'Diese E-Mail-Adresse ist bereits registriert.' */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
                /** @description the account was created but the invitation could not be queued for sending (the database failed) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** delete the user's account as POST /api/me/delete does (subscription cancelled first, then avatar, rows and sessions). Not one's own account: 400 'account_delete_self'. */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description 'Benutzer nicht gefunden.' */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                503: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        /** grant or revoke admin, disable or re-enable. Disabling revokes every refresh token at once; the user's API calls answer 403 'Dieses Konto ist gesperrt.' and their live streams end. Not on one's own account: 400 'Das kannst du nicht an deinem eigenen Konto ändern.' */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        is_admin?: boolean;
                        /** @enum {string} */
                        status?: "active" | "disabled";
                    };
                };
            };
            responses: {
                /** @description the user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminUserItem"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                /** @description 'Benutzer nicht gefunden.' */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/admin/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** conversations newest first, deleted ones too; q (at most 200 characters) matches the title or the owner's e-mail, or the exact id */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description conversations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminConversationPage"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/challenges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the challenges with their completions, and the three most completed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description challenges */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminChallenges"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        /** edit any of the challenges in one step (stored name 'icon – title'); field errors are keyed challenges.{i}.title etc.; an unknown key is 404 and changes nothing */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        challenges: {
                            key: string;
                            /** @description trimmed; 'Name darf nicht leer sein.' */
                            title: string;
                            /** @description 'Ungültiges Icon.' */
                            icon: string;
                            description?: string;
                            /** @description English title; '' shows the German one */
                            title_en?: string;
                            description_en?: string;
                            /** @description 0 makes the challenge staged */
                            target: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description challenges as stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminChallenges"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** model tokens and speech (seconds transcribed, characters spoken) of the UTC days from..to (default the last 30 days including today; at most 366 days, else 400 'Ungültiger Zeitraum.'): totals, by plan (by the users' current plan, most tokens first) and one page of the users with usage, most tokens first */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description usage */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date */
                            from: string;
                            /** Format: date */
                            to: string;
                            totals: components["schemas"]["TokenTotals"];
                            /** @description free, plus and elite, most tokens first */
                            byPlan: components["schemas"]["PlanTokenTotals"][];
                            users: {
                                /** Format: uuid */
                                user_id: string;
                                email: string;
                                display_name: string;
                                /** @enum {string} */
                                plan: "free" | "plus" | "elite";
                                tokensIn: number;
                                tokensOut: number;
                                tokens: number;
                                calls: number;
                                /** @description seconds of recordings transcribed (one decimal) */
                                sttSeconds: number;
                                /** @description characters spoken */
                                ttsCharacters: number;
                            }[];
                            /** @description users with usage in the period (model tokens or speech) */
                            total: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** one visitor metric of the last 7, 30 or 90 UTC days including today (a visit is one tracked page view). Unknown metric: 400 'Unbekannte Metrik.'; other range: 400 'Ungültiger Zeitraum.' */
        get: {
            parameters: {
                query: {
                    metric: "visitors" | "visitorsBySource" | "visitorsByPage";
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the metric */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            visitors: number;
                        } | {
                            /** @description all eight sources */
                            visitorsBySource: {
                                google: number;
                                "ai-tool": number;
                                instagram: number;
                                youtube: number;
                                tiktok: number;
                                linkedin: number;
                                direct: number;
                                other: number;
                            };
                        } | {
                            /** @description landing = the landing page, login = the sign-in page, app = the chat and the other app screens */
                            visitorsByPage: {
                                landing: number;
                                login: number;
                                app: number;
                            };
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/page-visits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** visits of the landing page, the imprint, the sign-in page (registrierung) and the chat (chatbot) in the last 7, 30 or 90 days, of everyone or of one platform's visitors (other src: 400 'Unbekannte Quelle.') */
        get: {
            parameters: {
                query?: {
                    src?: "" | "instagram" | "youtube" | "tiktok" | "linkedin";
                    days?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a one-element list */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            landing: number;
                            impressum: number;
                            registrierung: number;
                            chatbot: number;
                        }[];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/web-vitals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the web vitals real visitors reported (POST /api/vitals) in the last 7, 30 or 90 UTC days including today: per app page, the nearest-rank 75th percentile of LCP, INP and CLS (the smallest measured value that at least 75 % of the samples do not exceed; the same on SQLite and PostgreSQL), the number of samples and web.dev's rating of that percentile (good up to `good`, needs-improvement up to `poor`, poor above). Pages with the most samples first, then by name; a vital without samples is left out of `metrics`. Other range: 400 'Ungültiger Zeitraum.' */
        get: {
            parameters: {
                query?: {
                    range?: 7 | 30 | 90;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the percentiles */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date
                             * @description first UTC day of the period
                             */
                            from: string;
                            /**
                             * Format: date
                             * @description last UTC day (today)
                             */
                            to: string;
                            /** @description web.dev's limits: LCP 2500/4000 ms, INP 200/500 ms, CLS 0.1/0.25 */
                            thresholds: {
                                LCP: components["schemas"]["VitalThreshold"];
                                INP: components["schemas"]["VitalThreshold"];
                                CLS: components["schemas"]["VitalThreshold"];
                            };
                            pages: {
                                /** @description an app route pattern (e.g. /chat, /call/:conversationId) or 'other' */
                                page: string;
                                /** @description a vital without samples in the period is left out */
                                metrics: {
                                    LCP?: components["schemas"]["VitalSummary"];
                                    INP?: components["schemas"]["VitalSummary"];
                                    CLS?: components["schemas"]["VitalSummary"];
                                };
                            }[];
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/compliance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** users by accepted terms version, the consent audit of the last 30 days (by terms version, and by type — terms accepted, and waivers of the right of withdrawal recorded when paid plans started), and the PayPal subscriptions approved for accounts that no longer exist */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description counts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            terms: {
                                v1: number;
                                v2: number;
                                other: number;
                                without: number;
                            };
                            audit: {
                                /** @constant */
                                days: 30;
                                total: number;
                                v1: number;
                                v2: number;
                                /** @description records of consentType terms */
                                terms: number;
                                /** @description records of consentType withdrawal_waiver */
                                withdrawalWaiver: number;
                            };
                            /** @description the 50 newest PayPal subscriptions approved (webhook or confirmation) for an account that no longer exists, newest first: each was cancelled at PayPal with `reason`; `cancelled` is false while PayPal did not accept the cancellation (`error` says why; PayPal's redelivery of the webhook tries again) */
                            orphanedSubscriptions?: {
                                paypalId: string;
                                /** @description the deleted account the subscription's custom_id names */
                                userId: string;
                                planId: string;
                                /**
                                 * @description the plan the PayPal plan id grants here
                                 * @enum {string}
                                 */
                                plan: "free" | "plus" | "elite";
                                /** @enum {string} */
                                via: "webhook" | "confirm";
                                /** @description the reason sent to PayPal with the cancellation */
                                reason: string;
                                cancelled: boolean;
                                /** Format: date-time */
                                cancelledAt: string | null;
                                /** @description the cause while the cancellation failed, '' once cancelled */
                                error: string;
                                /** Format: date-time */
                                recordedAt: string;
                            }[];
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/feedback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** all feedback, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description feedback */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminFeedbackPage"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/feedback/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** set the status (any, in any order); the sender's open tabs get a `change` {type: feedback, op: update, id}. Other status: 400 'Unbekannter Status.' */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "erhalten" | "in_bearbeitung" | "bearbeitet";
                    };
                };
            };
            responses: {
                /** @description the feedback */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminFeedbackItem"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the model provider and the plans (never a key or secret) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description settings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminSettings"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** change settings: the exams' pass mark (1..100; applies to exams evaluated from now on, earlier verdicts stay). Answers all settings as GET does */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        examPassMark?: number;
                    };
                };
            };
            responses: {
                /** @description the settings after the change, as GET answers them */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AdminSettings"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/admin/settings/engine-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** check the model server: GET {base}/models with the key, 5 s timeout (the built-in trainer always passes). A failed check is 200 with ok false and the reason. 30 per 15 minutes per admin. */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the result */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            latencyMs: number;
                            /** @description the reason of a failed check */
                            error?: string;
                        };
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                429: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tone-presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the tone presets in display order with their number of users */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description presets */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TonePreset"][];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** add a preset at the end of the order; a taken name is 409 'Diesen Namen gibt es schon.' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description trimmed; 'Name darf nicht leer sein.' */
                        name: string;
                        name_en?: string;
                        description?: string;
                    };
                };
            };
            responses: {
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TonePreset"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/tone-presets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** remove a preset; its users fall back to the neutral customer */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        /** rename a preset or replace its description (an absent field stays) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        name?: string;
                        name_en?: string;
                        description?: string;
                    };
                };
            };
            responses: {
                /** @description the preset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TonePreset"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/admin/promo-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** all promo codes, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description codes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PromoCode"][];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** create an active code; a taken code (any case) is 409 'Diesen Code gibt es schon.' */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        /** @description 'Der Code muss 3–32 Zeichen aus Buchstaben, Ziffern, - und _ haben.' */
                        code: string;
                        /**
                         * @description 'Unbekannter Plan.'
                         * @enum {string}
                         */
                        plan: "plus" | "elite" | "promo";
                        description?: string;
                        max_redemptions?: number | null;
                        /**
                         * Format: date-time
                         * @description RFC 3339, in the future: 'Das Ablaufdatum muss in der Zukunft liegen.'
                         */
                        valid_until?: string | null;
                    };
                };
            };
            responses: {
                /** @description created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PromoCode"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                409: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/promo-codes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** change a code; absent fields stay, null clears the limit or the expiry; a limit below the redemptions so far is 400 */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        active?: boolean;
                        description?: string;
                        max_redemptions?: number | null;
                        /** Format: date-time */
                        valid_until?: string | null;
                    };
                };
            };
            responses: {
                /** @description the code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PromoCode"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** the scenarios the caller may see (own, public incl. the built-in library, and those of the caller's team: every member sees them, no one else), newest first with the library last, 20 per page; q (at most 100 characters) matches title, product, persona name, role, company and industry (substring, any case); industry matches exactly, any case */
        get: {
            parameters: {
                query?: {
                    scope?: "mine" | "team" | "public";
                    q?: string;
                    situation?: components["schemas"]["ScenarioSituation"];
                    language?: "de" | "en";
                    buyer?: "b2b" | "b2c";
                    industry?: string;
                    page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description one page and the number of all matches */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["ScenarioItem"][];
                            total: number;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
            };
        };
        put?: never;
        /** create a scenario */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["ScenarioInput"];
                };
            };
            responses: {
                /** @description created: its id and content */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scenario"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                /** @description forbidden: scope public without admin (forbidden), or scope team by a member of the team (team_forbidden) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description team_not_found: scope team by someone in no team */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scenarios/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** store an export file as the caller's own scenario; read strictly: an unknown field (field_unknown), a value of the wrong kind (field_bad_type), a version other than 1 (scenario_bad_version) or a bad field answer 400 naming the field's path in fields */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["ScenarioFile"];
                };
            };
            responses: {
                /** @description imported */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scenario"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scenarios/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** the customer's first message for a scenario (as being edited, not stored) from the configured engine; rate-limited like the chat */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["ScenarioInput"];
                };
            };
            responses: {
                /** @description the opening message */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message: string;
                        };
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                413: components["responses"]["Error"];
                429: components["responses"]["Error"];
                503: components["responses"]["ModelUnavailable"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scenarios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** a scenario the caller may see, with the caller's stats (404 scenario_not_found otherwise) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the scenario */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scenario"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        /** delete a scenario the caller may change; chats on it keep their snapshot (404 / 403 as PATCH) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        options?: never;
        head?: never;
        /** replace the fields given (title, language, situation, product, persona, objections; the scope stays) and validate the result; 404 when the caller may not see it, 403 scenario_read_only when they may see but not change it (built-in, someone else's public one) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        title?: string;
                        /** @enum {string} */
                        language?: "de" | "en";
                        situation?: components["schemas"]["ScenarioSituation"];
                        product?: string;
                        persona?: components["schemas"]["ScenarioPersona"];
                        objections?: components["schemas"]["ScenarioObjection"][];
                    };
                };
            };
            responses: {
                /** @description changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scenario"];
                    };
                };
                400: components["responses"]["Error"];
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
                413: components["responses"]["Error"];
            };
        };
        trace?: never;
    };
    "/api/scenarios/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** a scenario the caller may see as an export file (Content-Disposition: attachment) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ScenarioFile"];
                    };
                };
                401: components["responses"]["Error"];
                403: components["responses"]["Error"];
                404: components["responses"]["Error"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            code: components["schemas"]["ErrorCode"];
            /** @description the German text, with its placeholders filled */
            error: string;
            /** @description values of the text's {placeholders}; a nested message (the reason of upload_failed) is a FieldError */
            params?: {
                [key: string]: unknown;
            };
            /** @description a second line for the user */
            details?: string;
            detailsCode?: components["schemas"]["ErrorCode"];
            fields?: {
                [key: string]: components["schemas"]["FieldError"];
            };
            /**
             * Format: uuid
             * @description the chat a failed first message created (POST /api/chat)
             */
            conversationId?: string;
            /** @description seconds to wait, as in the Retry-After header (also in a stream's error event) */
            retryAfter?: number;
            /** @description the address an invitation is for (POST /api/team/join: 403 team_invitation_other_email; also in params.email) */
            invitedEmail?: string;
        };
        FieldError: {
            code: components["schemas"]["ErrorCode"];
            error: string;
            params?: {
                [key: string]: unknown;
            };
        };
        /** @description the caller's newest subscription (by update time); without one the tier is free and the rest empty */
        Subscription: {
            /**
             * @description the plan the plan id maps to (the promo plan is elite); whether it is in force is the status
             * @enum {string}
             */
            tier: "free" | "plus" | "elite";
            /** @description PayPal's status lower-cased (active, cancelled, suspended, ...), active while a cancellation is pending; '' without a subscription */
            status: string;
            /** @description PayPal's subscription id, which cancel, uncancel and revise name; '' without a subscription */
            paypal_id: string;
            plan_id: string;
            cancel_at_period_end: boolean;
            /** Format: date-time */
            cancel_at: string | null;
            /** Format: date-time */
            cycle_start: string | null;
        };
        /**
         * @description A message code of the server's catalogue (salescoach.Catalogue, message.go), or for an
         *     error without one its category: invalid, not_found, conflict, unauthorized, forbidden, limit, too_large, unavailable, internal.
         * @enum {string}
         */
        ErrorCode: "account_disabled" | "account_has_email" | "account_locked" | "answer_missing" | "assessment_failed" | "assignment_due_far" | "assignment_due_past" | "assignment_no_members" | "assignment_not_found" | "assignment_scenario_hidden" | "assignment_title_required" | "assignment_title_too_long" | "audio_empty" | "audio_invalid" | "audio_missing" | "audio_too_large" | "audio_too_long" | "audio_type" | "avatar_invalid" | "avatar_missing" | "avatar_no_store" | "avatar_too_large" | "avatar_type" | "avatar_unreadable" | "bad_date" | "bad_id" | "bad_page" | "bad_period" | "challenge_description_too_long" | "challenge_icon_invalid" | "challenge_name_too_long" | "challenge_not_found" | "challenge_target_invalid" | "challenges_too_many" | "chat_limit" | "chat_limit_details" | "chat_limit_renews" | "company_too_long" | "confirm_link_invalid" | "conflict" | "consent_unknown" | "conversation_busy" | "conversation_completed" | "conversation_not_found" | "customer_unreachable" | "database_unavailable" | "delete_failed" | "difficulty_missing" | "display_name_too_long" | "email_address_invalid" | "email_invalid" | "email_missing" | "email_registered" | "email_taken" | "email_unconfirmed" | "engine_key_refused" | "engine_status" | "engine_timeout" | "engine_unreachable" | "engine_url_invalid" | "evaluate_failed" | "evaluation_failed" | "exam_only" | "exam_pass_mark_invalid" | "feedback_empty" | "feedback_name_too_long" | "feedback_not_found" | "feedback_subject_too_long" | "feedback_too_long" | "feedback_type_unknown" | "field_bad_type" | "field_control_character" | "field_duplicate" | "field_unknown" | "file_name_invalid" | "file_not_found" | "file_size_unknown" | "first_name_missing" | "first_name_too_long" | "forbidden" | "foreign_origin" | "formality_invalid" | "hint_failed" | "identity_not_found" | "identity_taken" | "internal" | "invalid_credentials" | "invalid_data" | "invitation_not_sent" | "invitation_not_sent_hint" | "language_code_invalid" | "language_invalid" | "last_name_missing" | "last_name_too_long" | "link_invalid" | "mail_failed" | "mail_not_sent" | "message_empty" | "message_not_found" | "message_too_long" | "metric_unknown" | "missing_reference" | "mode_missing" | "name_empty" | "not_found" | "not_on_self" | "not_ready" | "nothing_to_rate" | "oauth_state_invalid" | "password_missing" | "password_too_long" | "password_too_short" | "path_invalid" | "paypal_id_missing" | "pdf_name_too_long" | "pdf_text_too_long" | "perfect_failed" | "practice_only" | "product_description_too_long" | "product_override_too_long" | "progress_negative" | "promo_code_format" | "promo_code_invalid" | "promo_code_missing" | "promo_code_redeemed" | "promo_code_taken" | "promo_code_used_up" | "promo_description_too_long" | "promo_expiry_past" | "promo_limit_below_redemptions" | "promo_limit_invalid" | "promo_not_found" | "promo_plan_unknown" | "provider_not_configured" | "query_too_long" | "referral_invalid" | "referral_not_found" | "reply_failed" | "reply_kind_unknown" | "request_bad_json" | "request_not_json" | "request_not_object" | "request_too_large" | "reset_link_invalid" | "role_too_long" | "sample_rate_invalid" | "session_expired" | "session_invalid" | "session_reused" | "sign_in_required" | "social_login_failed" | "source_unknown" | "speech_format_invalid" | "speech_text_empty" | "speech_text_too_long" | "sso_bad_domain" | "sso_bad_issuer" | "sso_client_id_invalid" | "sso_discovery_failed" | "sso_dns_unavailable" | "sso_domain_duplicate" | "sso_domain_freemail" | "sso_domain_not_listed" | "sso_domain_taken" | "sso_domain_unclaimed" | "sso_domain_unverified" | "sso_domains_count" | "sso_email_invalid" | "sso_failed" | "sso_foreign_domain" | "sso_issuer_invalid" | "sso_link_invalid" | "sso_not_configured" | "sso_off" | "sso_required" | "sso_secret_expiry_invalid" | "sso_secret_required" | "sso_secret_too_long" | "sso_test_required" | "sso_test_unsaved" | "sso_unavailable" | "sso_unverified_email" | "storage_aborted" | "storage_bucket_missing" | "storage_delete_failed" | "storage_incomplete" | "storage_refused" | "storage_save_failed" | "storage_unreachable" | "storage_unreadable" | "stt_failed" | "stt_not_configured" | "subscription_not_found" | "subscription_taken" | "summary_empty" | "summary_failed" | "terms_required" | "terms_version_unknown" | "text_type_invalid" | "title_empty" | "title_too_long" | "tone_preset_description_too_long" | "tone_preset_name_too_long" | "tone_preset_not_found" | "tone_preset_taken" | "tone_preset_unknown" | "too_many_attempts" | "trainer_cancelled" | "tts_failed" | "tts_not_configured" | "unknown_status" | "upload_failed" | "url_blocked" | "url_invalid" | "url_missing" | "url_no_text" | "url_too_large" | "url_unavailable" | "user_missing" | "user_not_found" | "vital_value_out_of_range" | "vitals_count_invalid" | "voice_call_not_found" | "voice_engine_invalid" | "voice_invalid" | "invalid" | "unauthorized" | "limit" | "too_large" | "unavailable" | "payments_not_configured" | "paypal_unavailable" | "subscription_confirm_failed" | "subscription_revise_failed" | "subscription_cancel_retry" | "subscription_cancel_failed" | "subscription_uncancel_failed" | "subscription_id_invalid" | "subscription_plan_foreign" | "subscription_status_invalid" | "subscription_exists" | "promo_code_required" | "promo_unavailable" | "webhook_unverified" | "totp_code_missing" | "totp_code_invalid" | "totp_challenge_invalid" | "totp_already_enabled" | "totp_not_enabled" | "totp_not_pending" | "totp_guest" | "totp_reauth_missing" | "totp_password_wrong" | "totp_setup_required" | "totp_session_required" | "account_delete_subscription_failed" | "account_delete_confirm" | "account_delete_password_wrong" | "account_delete_needs_password" | "account_delete_self" | "account_delete_storage_failed" | "account_delete_reauth_required" | "reauth_not_linked" | "reauth_use_password" | "withdrawal_waiver_required" | "scenario_field_required" | "scenario_field_too_long" | "scenario_field_bad_choice" | "scenario_unknown_family" | "scenario_objections_count" | "scenario_list_count" | "scenario_objection_mixed" | "scenario_bad_version" | "scenario_not_found" | "scenario_read_only" | "team_not_found" | "team_member_not_found" | "team_already_member" | "team_email_unconfirmed" | "team_forbidden" | "team_owner_only" | "team_owner_cannot_leave" | "team_invitation_invalid" | "team_invitation_other_email" | "team_invitation_email_invalid" | "team_invitation_self" | "team_invitation_member" | "team_invitation_not_found" | "team_name_required" | "team_name_too_long" | "team_bad_role" | "team_bad_sort" | "team_bad_leaderboard_period" | "team_delete_subscription_failed" | "seat_quantity" | "seats_below_assigned" | "seats_exist" | "seats_none" | "seats_full" | "seats_same" | "seats_not_configured" | "seats_failed";
        Ok: {
            /** @constant */
            ok: true;
        };
        AuthUser: {
            id: string;
            /** @description empty for guests */
            email: string;
            is_anonymous: boolean;
            /** Format: date-time */
            email_confirmed_at: string | null;
            /** Format: date-time */
            created_at: string;
            identities: {
                /** @enum {string} */
                provider: "email" | "google" | "apple";
                email: string;
            }[];
            /** @description always empty (no second factors) */
            factors: unknown[];
        };
        Session: {
            access_token: string;
            /** @constant */
            token_type: "bearer";
            /** @description seconds */
            expires_in: number;
            /** @description unix seconds */
            expires_at: number;
            user: components["schemas"]["AuthUser"];
        };
        /** @description the password (or Google/Apple sign-in) was right, but the user has two-factor sign-in: no session yet; POST /api/auth/totp with the challenge and a code (5 attempts, 5 minutes) */
        TOTPChallenge: {
            /** @constant */
            totp_required: true;
            challenge: string;
            /** @description seconds */
            expires_in: number;
        };
        TOTPStatus: {
            /** @description sign-in asks for a code */
            enabled: boolean;
            /** @description a set-up was started and waits for its first code */
            pending: boolean;
            recoveryCodesLeft: number;
            /** @description the user is an admin and the installation requires two-factor sign-in for admins (ADMIN_TOTP_REQUIRED) */
            required: boolean;
        };
        TOTPSetup: {
            /** @description base32 secret for typing into the app */
            secret: string;
            /** @description otpauth://totp/... URL (what the QR code holds) */
            otpauthUrl: string;
            /** @description data:image/png;base64,... QR code */
            qrCode: string;
        };
        RecoveryCodes: {
            /** @description shown once; each works once */
            recoveryCodes: string[];
        };
        /** @description the password, or (without one) a current code or a recovery code */
        TOTPReauth: {
            password?: string;
            code?: string;
        };
        Me: {
            user: {
                /** Format: uuid */
                id: string;
                /** @description empty for guests */
                email: string;
                display_name: string;
                /** @description '' for none; a stored picture's address with ?v= (unix seconds of the upload) for cache busting, or an outside http(s) URL as it is */
                avatar_url: string;
                role: string;
                /**
                 * @description '' is Standard (du)
                 * @enum {string}
                 */
                formality: "" | "du" | "sie";
                /**
                 * @description '' is Standard (de)
                 * @enum {string}
                 */
                language: "" | "de" | "en";
                tone_preset_id: string | null;
                level: number;
                xp: number;
                /** @enum {string} */
                status: "active" | "disabled";
                company: string;
                is_anonymous: boolean;
                /** Format: date-time */
                terms_accepted_at: string | null;
                /** @enum {integer} */
                terms_version: 0 | 1 | 2;
                /** @description what GET /api/auth/is-admin answers; the app picks its route set from it on a reload */
                is_admin: boolean;
            };
            profile: {
                /** Format: uuid */
                user_id: string;
                product_description: string;
                has_seen_intro: boolean;
                streak: number;
                progress: number;
                objections_solved_count: number;
                messages_sent_count: number;
                /** @description 'In der Bestenliste anzeigen': the user shows up on their team's leaderboard (default true) */
                leaderboard_visible?: boolean;
            };
            level: {
                level: number;
                xp: number;
                /** @description XP within the current level as a percentage of xpForNext */
                progress: number;
                /** @description XP the current level needs in all */
                xpForNext: number;
                xp_for_next_level: number;
                /** @description XP gathered within the current level */
                xpInLevel: number;
            };
        };
        Technique: {
            /**
             * @description the seven techniques; in a chat on a scenario, after them one line per criterion of the current custom objection (criterion1 = its first criterion; label 'Kriterium: …', shown = met)
             * @enum {string}
             */
            key: "acknowledge" | "question" | "benefit" | "evidence" | "next_step" | "formality" | "tone" | "criterion1" | "criterion2" | "criterion3" | "criterion4" | "criterion5";
            label: string;
            shown: boolean;
            /** @description one line that points to what the answer did or lacked */
            reason: string;
        };
        Score: {
            /** @description progress on the current objection after the answer, 0-100: an exploring answer brings it about half way, an answer to the concern the customer told overcomes it (for the last objection it waits at 90 for a concrete next step); move.reason says what is still open */
            totalPercent: number;
            /** @description quality of the answer itself, 0-100 */
            answerScore: number;
            stage: number;
            totalStages: number;
            progress: number;
            /** @description this answer overcame an objection */
            solved: boolean;
            completed: boolean;
            techniques: components["schemas"]["Technique"][];
            move?: components["schemas"]["Move"];
            source?: components["schemas"]["JudgeSource"];
        };
        /** @description the move of objection handling the moment called for and whether the answer made it: explore (a fresh objection whose concern is not yet known: acknowledge and ask one real question), respond (the customer has told the concern: answer exactly that, with substance, and check back), advance (the objection is settled: a concrete next step). Absent on scores stored before it was judged. */
        Move: {
            /** @enum {string} */
            expected: "explore" | "respond" | "advance";
            made: boolean;
            /** @description in words the seller understands, in the chat's language ('Jetzt war Nachfragen dran – gut gemacht: …'); when the objection stands it names what is still open */
            reason: string;
        };
        /**
         * @description who judged: 'model' (the model server), or 'builtin' when the built-in trainer did, because it is the engine or because the model's scoring or evaluation call failed (after its one retry) and the trainer stood in. Absent on scores and evaluations stored before it was recorded.
         * @enum {string}
         */
        JudgeSource: "model" | "builtin";
        ChatAnswer: {
            /** @description the customer's reply */
            message: string;
            /** Format: uuid */
            conversationId: string;
            /** Format: uuid */
            userMessageId: string;
            /** Format: uuid */
            assistantMessageId: string;
            stage: number;
            totalStages: number;
            progress: number;
            completed: boolean;
            title: string;
            /** @description the answer's assessment (practice only) */
            score: components["schemas"]["Score"] | null;
        };
        Conversation: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @enum {string} */
            mode: "Übung" | "Prüfung";
            /**
             * @description null for an exam
             * @enum {integer|null}
             */
            difficulty: 1 | 2 | 3 | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** @description the scenario the chat plays, null for a catalogue chat */
            scenario?: components["schemas"]["ChatScenario"] | null;
        };
        ConversationDetail: {
            conversation: components["schemas"]["Conversation"];
            /** @description oldest first */
            messages: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "user" | "seller" | "assistant" | "system";
                content: string;
                /** @description the attached PDF's name (only when there was one) */
                pdfName?: string;
                isCompletion: boolean;
                /** Format: date-time */
                created_at: string;
            }[];
            stage: number;
            totalStages: number;
            progress: number;
            completed: boolean;
            /** @description the latest answer's assessment (practice only) */
            score: components["schemas"]["Score"] | null;
            evaluation: components["schemas"]["Evaluation"] | null;
            /** @enum {string} */
            engine: "builtin" | "openai";
        };
        Evaluation: {
            intro: string;
            /** @description the six categories in order (Empathie & Zuhören, Fragetechnik, Nutzenargumentation, Einwandbehandlung, Abschlussorientierung, Sprache & Tonalität) */
            scores: {
                category: string;
                score: number;
                comment: string;
            }[];
            improvements: string[];
            top_points: string[];
            totalPercent: number;
            exam?: components["schemas"]["ExamVerdict"];
            source?: components["schemas"]["JudgeSource"];
        };
        AdminSettings: {
            /** @description the evaluation total (percent) an exam needs to be passed; 70 until an admin sets one */
            examPassMark: number;
            engine: {
                /** @enum {string} */
                name: "builtin" | "openai";
                /** @description empty for builtin */
                model: string;
                /** @description the API root without user information or query; empty for builtin */
                baseUrl: string;
            };
            plans: {
                /** @enum {string} */
                plan: "free" | "plus" | "elite" | "promo";
                /** @description the PayPal plan id; empty when not configured (always for free) */
                planId: string;
                /** @description chats per billing cycle */
                quota: number;
            }[];
            /** @description payments are on: PayPal's client id and secret and the plan ids of Plus and Elite are configured */
            paypalConfigured: boolean;
        };
        /** @description the caller's skill analytics (GET /api/me/progress). Periods are UTC days: the last `range` days including today, and the `range` days before them for previousRate. Read from aggregates kept when each answer is scored, never from the messages. */
        ProgressReport: {
            /** @enum {integer} */
            range: 7 | 30 | 90;
            /** @description always the seven techniques of an assessment, in this order (acknowledge, question, benefit, evidence, next_step, formality, tone) */
            techniques: components["schemas"]["TechniqueProgress"][];
            /** @description every week (Monday to Sunday, UTC) that overlaps the period, oldest first; techniques holds a rate only for techniques assessed in answers of that week (an empty object for a week without answers) */
            weekly: {
                /**
                 * Format: date
                 * @description the week's Monday, e.g. 2026-11-23
                 */
                weekStart: string;
                techniques: {
                    [key: string]: number;
                };
            }[];
            /** @description the objection families the caller met in the period (attempts > 0), in the order of the catalogue (price, no_need, no_time, existing_supplier, trust, authority, risk_of_change, data_protection, timing, works_council) */
            families: components["schemas"]["FamilyProgress"][];
            /** @description the caller's evaluated exams started in the period, not deleted, oldest first, at most 100 (the newest) */
            exams: {
                /** Format: uuid */
                conversationId: string;
                /**
                 * Format: date-time
                 * @description when the exam was started
                 */
                date: string;
                /** @enum {integer} */
                difficulty: 1 | 2 | 3;
                /** @description the evaluation's totalPercent */
                score: number;
            }[];
            /** @description what to practise next: the weakest family (lowest average answer score among families with at least 3 answers in the period) and the weakest technique (lowest rate among techniques assessed in at least 5 answers), at a difficulty fitting that family's average (below 50: 1, below 75: 2, else 3). null while the period has fewer than 5 answers, or no family has 3 answers yet */
            recommendation: {
                family: components["schemas"]["ObjectionFamilyKey"];
                /** @enum {string} */
                technique: "acknowledge" | "question" | "benefit" | "evidence" | "next_step" | "formality" | "tone";
                /** @enum {integer} */
                difficulty: 1 | 2 | 3;
            } | null;
        };
        TechniqueProgress: {
            /** @enum {string} */
            key: "acknowledge" | "question" | "benefit" | "evidence" | "next_step" | "formality" | "tone";
            /** @description answers of the period that showed the technique */
            shown: number;
            /** @description answers of the period assessed on it */
            total: number;
            /** @description shown / total in percent, rounded; null when total is 0 */
            rate: number | null;
            /** @description the same for the period of equal length before; null when it had no answers */
            previousRate: number | null;
        };
        FamilyProgress: {
            key: components["schemas"]["ObjectionFamilyKey"];
            /** @description objections of this family the customer raised and the caller answered (one per chat and stage) */
            attempts: number;
            /** @description of those, how many the caller overcame */
            solved: number;
            /** @description the average answerScore of the caller's answers to it, rounded; null when none was scored */
            averageScore: number | null;
        };
        /**
         * @description an objection family of the customer (coach.Objections)
         * @enum {string}
         */
        ObjectionFamilyKey: "price" | "no_need" | "no_time" | "existing_supplier" | "trust" | "authority" | "risk_of_change" | "data_protection" | "timing" | "works_council";
        /** @description an exam's verdict ('Bestanden' / 'Nicht bestanden'), computed from totalPercent and the pass mark in force when the evaluation was made, and stored with it; absent on a practice chat's evaluation */
        ExamVerdict: {
            /** @description totalPercent reached passMark */
            passed: boolean;
            /** @description the pass mark at evaluation time */
            passMark: number;
            /** @description the total of the user's previous evaluated exam (started before this one, not deleted); null for a first exam */
            previousPercent: number | null;
        };
        /** @description a partial update; absent fields stay as they are. Unknown fields are refused (400). */
        ProfileUpdate: {
            /** @description trimmed; at most 80 characters */
            display_name?: string;
            /** @description the role in the company; trimmed */
            role?: string;
            /**
             * @description '' chooses Standard (du)
             * @enum {string}
             */
            formality?: "" | "du" | "sie";
            /**
             * @description '' chooses Standard (de)
             * @enum {string}
             */
            language?: "" | "de" | "en";
            /** @description an id of GET /api/tone-presets; null (or '') chooses Standard (neutral) */
            tone_preset_id?: string | null;
            product_description?: string;
            has_seen_intro?: boolean;
            /** @description 'In der Bestenliste anzeigen'; false hides the user from their team's leaderboard */
            leaderboard_visible?: boolean;
        };
        ChallengeCard: {
            /** @enum {string} */
            key: "objections_solved" | "messages_sent" | "fast_answers" | "feedback" | "calls" | "hints" | "perfect_answers" | "completed_chats" | "daily_streak";
            /** @description the title, e.g. 'Einwände gelöst' (without the icon key) */
            name: string;
            description: string;
            /** @description the English title ('' when not translated: show name) */
            nameEn: string;
            /** @description the English description ('' when not translated) */
            descriptionEn: string;
            /** @description a lucide icon key, e.g. shield-check */
            icon: string;
            /** @description staged challenges (objections_solved, messages_sent) — the index of the first threshold of 1, 5, 25, 50, 100, 200, 350, 500, 750, 1000 above the value (at least 1, 10 from 1000 on); fixed-target challenges are always 1 */
            stage: number;
            /** @description staged: the counter itself (may pass 1000); fixed: the counter capped at progressTarget */
            progressCurrent: number;
            /** @description staged: the next threshold above the counter (1000 from 1000 on); fixed: the target (fast_answers 10, feedback 5, calls 5, hints 5, perfect_answers 8, completed_chats 3, daily_streak 7 by default) */
            progressTarget: number;
        };
        VitalThreshold: {
            /** @description up to this value the vital is good */
            good: number;
            /** @description above this value it is poor; between the two it needs improvement */
            poor: number;
        };
        VitalSummary: {
            /** @description nearest-rank 75th percentile: LCP and INP in milliseconds, CLS as its score */
            p75: number;
            samples: number;
            /** @enum {string} */
            rating: "good" | "needs-improvement" | "poor";
        };
        AdminUserItem: {
            /** Format: uuid */
            id: string;
            /** @description empty for guests */
            email: string;
            display_name: string;
            is_anonymous: boolean;
            is_admin: boolean;
            email_confirmed: boolean;
            /** @enum {string} */
            status: "active" | "disabled";
            level: number;
            xp: number;
            /**
             * @description the tier of the newest subscription when it is active (the promo plan is elite)
             * @enum {string}
             */
            plan: "free" | "plus" | "elite";
            /** @description PayPal's status of the newest subscription, lower-cased (active, suspended, cancelled, ...); '' without one */
            subscription_status: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description latest creation or use of a refresh token
             */
            last_active_at: string | null;
            /** @description the user's team; '' without one */
            team_name: string;
            /**
             * @description the user's role in it; '' without a team
             * @enum {string}
             */
            team_role: "" | "owner" | "manager" | "member";
        };
        AdminTeamItem: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: uuid */
            owner_id: string;
            owner_email: string;
            members: number;
            /** @description the quantity of the team's current subscription to the team plan; 0 without one */
            seats: number;
            seats_assigned: number;
            /** @description PayPal's status of the team subscription, lower-cased; '' without one */
            subscription_status: string;
            cancel_at_period_end: boolean;
            /** Format: date-time */
            created_at: string;
            sso: components["schemas"]["AdminTeamSSO"];
        };
        AdminTeamPage: {
            items: components["schemas"]["AdminTeamItem"][];
            total: number;
        };
        /** @description one page of users (query limit 1..100, default 50; offset >= 0) and the number of all rows */
        AdminUserPage: {
            items: components["schemas"]["AdminUserItem"][];
            total: number;
        };
        /** @description one page of conversations (query limit 1..100, default 50; offset >= 0) and the number of all rows */
        AdminConversationPage: {
            items: components["schemas"]["AdminConversationItem"][];
            total: number;
        };
        /** @description one page of feedback (query limit 1..100, default 50; offset >= 0) and the number of all rows */
        AdminFeedbackPage: {
            items: components["schemas"]["AdminFeedbackItem"][];
            total: number;
        };
        AdminConversationItem: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            user_email: string;
            title: string;
            /** @enum {string} */
            mode: "Übung" | "Prüfung";
            message_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description the user's view of the conversation (as ConversationDetail) plus, at the top level, its id, owner (id and e-mail), title, mode and times */
        AdminConversationDetail: {
            conversation: components["schemas"]["Conversation"];
            messages: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "user" | "seller" | "assistant" | "system";
                content: string;
                /** @description the attached PDF's name (only when there was one) */
                pdfName?: string;
                isCompletion: boolean;
                /** Format: date-time */
                created_at: string;
            }[];
            stage: number;
            totalStages: number;
            progress: number;
            completed: boolean;
            /** @description the latest answer's assessment (practice only) */
            score: components["schemas"]["Score"] | null;
            evaluation: components["schemas"]["Evaluation"] | null;
            /** @enum {string} */
            engine: "builtin" | "openai";
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** @description the owner's e-mail ('' for a guest) */
            user_email: string;
            title: string;
            /** @enum {string} */
            mode: "Übung" | "Prüfung";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            deleted_at: string | null;
        };
        Feedback: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "general" | "bug" | "feature";
            subject: string;
            /** @description only in the answer to POST */
            message?: string;
            /** @enum {string} */
            status: "erhalten" | "in_bearbeitung" | "bearbeitet";
            /** Format: date-time */
            created_at: string;
        };
        AdminFeedbackItem: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description null for a signed-out sender or a deleted account
             */
            user_id: string | null;
            /** @description where to reply */
            email: string;
            name: string;
            subject: string;
            /** @enum {string} */
            type: "general" | "bug" | "feature";
            message: string;
            /** @enum {string} */
            status: "erhalten" | "in_bearbeitung" | "bearbeitet";
            /** Format: date-time */
            created_at: string;
        };
        AdminChallenges: {
            /** @description every challenge in display order */
            challenges: {
                key: string;
                title: string;
                icon: string;
                description: string;
                /** @description English title, '' when not translated */
                title_en: string;
                description_en: string;
                /** @description 0 for a staged challenge */
                target: number;
                staged: boolean;
                /** @description users who reached the target (staged — the first threshold) */
                completions: number;
            }[];
            /** @description the most completed challenges, most first */
            top: {
                key: string;
                title: string;
                icon: string;
                completions: number;
            }[];
        };
        TokenTotals: {
            tokensIn: number;
            tokensOut: number;
            tokens: number;
            /** @description model calls */
            calls: number;
            users: number;
            /** @description seconds of recordings transcribed (one decimal) */
            sttSeconds: number;
            /** @description characters spoken */
            ttsCharacters: number;
        };
        /** @description TokenTotals of the users on one plan */
        PlanTokenTotals: {
            /** @enum {string} */
            plan: "free" | "plus" | "elite";
            tokensIn: number;
            tokensOut: number;
            tokens: number;
            /** @description model calls */
            calls: number;
            users: number;
            /** @description seconds of recordings transcribed (one decimal) */
            sttSeconds: number;
            /** @description characters spoken */
            ttsCharacters: number;
        };
        TonePreset: {
            id: string;
            name: string;
            /** @description English name, '' when not translated */
            name_en: string;
            description: string;
            sort_order: number;
            /** @description users who chose it */
            users: number;
        };
        PromoCode: {
            /** Format: uuid */
            id: string;
            code: string;
            /** @enum {string} */
            plan: "plus" | "elite" | "promo";
            description: string;
            active: boolean;
            /** @description null is unlimited */
            max_redemptions: number | null;
            redemptions: number;
            /** Format: date-time */
            valid_until: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /**
         * @description cold_call Kaltakquise, follow_up Nachfassen nach Angebot, renewal Vertragsverlängerung, upsell Zusatzverkauf, complaint Reklamation, objection freies Einwandtraining
         * @enum {string}
         */
        ScenarioSituation: "cold_call" | "follow_up" | "renewal" | "upsell" | "complaint" | "objection";
        ScenarioPersona: {
            name: string;
            role: string;
            /** @description a company, or e.g. Privathaushalt */
            company: string;
            industry: string;
            /** @enum {string} */
            buyer: "b2b" | "b2c";
            /** @description a tone preset's id (GET /api/tone-presets); absent: neutral */
            personality?: string;
            /** @enum {string} */
            formality: "du" | "sie";
        };
        /** @description either a catalogue family ({family}) or a custom objection ({wordings, concern, criteria}) */
        ScenarioObjection: {
            family?: components["schemas"]["ObjectionFamilyKey"];
            /** @description what the customer says */
            wordings?: string[];
            /** @description the hidden concern, revealed when the seller asks well */
            concern?: string;
            /** @description what a good answer must contain, in plain words */
            criteria?: string[];
        };
        /** @description a scenario as the editor sends it; bad fields answer 400 with fields named by their path (title, persona.formality, objections.0.criteria.1) */
        ScenarioInput: {
            title: string;
            /** @enum {string} */
            language: "de" | "en";
            situation: components["schemas"]["ScenarioSituation"];
            product: string;
            persona: components["schemas"]["ScenarioPersona"];
            objections: components["schemas"]["ScenarioObjection"][];
            /**
             * @description mine: the caller's own; public: admins only (else 403); team: the team the caller owns or manages (never one the request names): a member gets 403 team_forbidden, someone without a team 404 team_not_found
             * @default mine
             * @enum {string}
             */
            scope: "mine" | "team" | "public";
        };
        /** @description the caller's results on the scenario */
        ScenarioStats: {
            /** @description chats the caller started on it (deleted ones too) */
            attempts: number;
            /** @description won practice chats and passed exams */
            wins: number;
            /** @description the best evaluation total (0..100), 0 when none */
            bestScore: number;
        };
        ScenarioItem: {
            /** @description a UUID, or builtin-<slug>-<lang> for the built-in library */
            id: string;
            title: string;
            /** @enum {string} */
            language: "de" | "en";
            situation: components["schemas"]["ScenarioSituation"];
            /** @enum {string} */
            scope: "mine" | "team" | "public";
            builtIn: boolean;
            /** @description whether the caller may change or delete it: their own, public ones for admins (not the built-in library), their team's for its owner and managers */
            editable: boolean;
            persona: components["schemas"]["ScenarioPersona"];
            objectionCount: number;
            stats: components["schemas"]["ScenarioStats"];
        };
        Scenario: {
            id: string;
            title: string;
            /** @enum {string} */
            language: "de" | "en";
            situation: components["schemas"]["ScenarioSituation"];
            product: string;
            persona: components["schemas"]["ScenarioPersona"];
            objections: components["schemas"]["ScenarioObjection"][];
            /** @enum {string} */
            scope: "mine" | "team" | "public";
            builtIn: boolean;
            editable: boolean;
            stats: components["schemas"]["ScenarioStats"];
        };
        /** @description the export/import file: version 1 and the scenario without id, scope and builtIn; at most 65536 bytes */
        ScenarioFile: {
            /** @enum {integer} */
            version: 1;
            title: string;
            /** @enum {string} */
            language: "de" | "en";
            situation: components["schemas"]["ScenarioSituation"];
            product: string;
            persona: components["schemas"]["ScenarioPersona"];
            objections: components["schemas"]["ScenarioObjection"][];
        };
        /** @description the scenario a chat plays (the snapshot taken when it started) */
        ChatScenario: {
            id: string;
            title: string;
            situation: components["schemas"]["ScenarioSituation"];
            persona: {
                name: string;
                role: string;
                company: string;
            };
        };
        /** @description the team's company sign-in (OpenID Connect) as its owner sees it; the client secret is never returned */
        TeamSSO: {
            /**
             * Format: date
             * @description the client secret's expiry date the owner entered (YYYY-MM-DD), null without one
             */
            clientSecretExpiresOn: string | null;
            configured: boolean;
            issuer: string;
            clientId: string;
            clientSecretSet: boolean;
            domains: components["schemas"]["SSODomain"][];
            /** @description 'Anmeldung nur über die Firma': while active, members and managers (not the owner) are refused at password sign-in (403 sso_required) and at Google and Apple sign-in (the callback goes to /app/login?error=sso_required); the moment it takes effect (switched on with enforced, or enforced while on) their open sessions end */
            enforced: boolean;
            /** @enum {string} */
            defaultRole: "member" | "manager";
            active: boolean;
            /** @description an admin switched it off; a new successful test and switching on clears it */
            adminDisabled: boolean;
            /** @description PUBLIC_URL + /api/auth/sso/callback, to register at the provider */
            redirectUri: string;
            lastTest: null | components["schemas"]["SSOLastTest"];
        };
        SSODomain: {
            domain: string;
            /** @description true once the team proved the domain by DNS (POST /api/team/sso/domains/verify found the TXT record dnsName with the value dnsValue); a claimed domain belongs to this team only. A test sign-in claims nothing */
            claimed: boolean;
            /** @description the name of the TXT record to publish: _salescoach-challenge.<domain> */
            dnsName: string;
            /** @description the TXT record's value: salescoach-verification=<token>, the token unguessable, the same for this team and domain every time and different for every other team */
            dnsValue: string;
        };
        SSOLastTest: {
            /** Format: date-time */
            at: string;
            ok: boolean;
            /** @description false when issuer, client id or secret changed since the test */
            current: boolean;
            subject: string;
            email: string;
            emailVerified: boolean;
            /** @description a message code (sso_unverified_email, sso_domain_taken, sso_foreign_domain, sso_failed) or null. sso_domain_taken: the test address's domain belongs to another team */
            error: string | null;
        };
        TeamSSOUpdate: {
            /** @description absolute https URL without query or fragment (http only for an IP literal inside SSO_ALLOW) */
            issuer: string;
            clientId: string;
            /** @description omitted or '' keeps the stored one; required on the first save */
            clientSecret?: string;
            /** @description the company's e-mail domains; free-mail and ISP domains (gmail.com, web.de, …) are refused (400 fields.domains sso_domain_freemail). A domain listed anew starts unclaimed */
            domains: string[];
            enforced?: boolean;
            /**
             * @default member
             * @enum {string}
             */
            defaultRole: "member" | "manager";
            active?: boolean;
            /**
             * Format: date
             * @description the client secret's expiry date as the provider shows it (YYYY-MM-DD); the owner gets one reminder mail 14 days before it (a new date is reminded of again). Omitted, null or '' for none. A new date must lie between today and ten years ahead (400 fields.clientSecretExpiresOn sso_secret_expiry_invalid); the stored one may be saved again
             */
            clientSecretExpiresOn?: string | null;
        };
        SSOURL: {
            url: string;
        };
        SSOLinkInfo: {
            email: string;
            teamName: string;
            /** @description false for an account without a password, which cannot be linked this way (ask for an invitation) */
            hasPassword: boolean;
        };
        /** @description a pending invitation of the team (unused, unexpired) */
        Invitation: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: "manager" | "member";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
        };
        InvitationSent: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: "manager" | "member";
            /** Format: date-time */
            expiresAt: string;
        };
        AdminTeamSSO: {
            /**
             * @description disabled = switched off by an admin
             * @enum {string}
             */
            state: "off" | "configured" | "active" | "disabled";
            /** @description the claimed domains */
            domains: string[];
            enforced: boolean;
        };
        Team: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description the caller's role
             * @enum {string}
             */
            role: "owner" | "manager" | "member";
            memberCount: number;
            seats: components["schemas"]["SeatSummary"];
            /** @description the team's join link <BASE_URL>/app/team/join?token=...; owners and managers only */
            joinUrl?: string;
        };
        /** @description the team plan's seats: quantity paid, assigned to members, and the team subscription's PayPal status ('' until seats are sold) */
        SeatSummary: {
            quantity: number;
            assigned: number;
            /** @description PayPal's status (APPROVAL_PENDING, ACTIVE, SUSPENDED, CANCELLED, ...); '' without a team subscription */
            status: string;
        };
        /** @description the owner's seat page ('Plätze') */
        Seats: {
            quantity: number;
            assigned: number;
            status: string;
            /** @description seats can be bought (payments and PAYPAL_PLAN_TEAM are set up) */
            configured: boolean;
            /** @description euros per seat and month */
            pricePerSeat: number;
            maxSeats: number;
            /** @description the team subscription's PayPal id ('' without one) */
            subscriptionId: string;
            /** @description a change of the quantity awaiting the owner's approval at PayPal (0 none); seats are assigned up to the smaller of both */
            pendingQuantity: number;
            cancelAtPeriodEnd: boolean;
            /** Format: date-time */
            cancelAt: string | null;
            members: {
                /** Format: uuid */
                userId: string;
                displayName: string;
                email: string;
                /** @enum {string} */
                role: "owner" | "manager" | "member";
                seat: boolean;
            }[];
        };
        TeamMember: {
            /** Format: uuid */
            userId: string;
            displayName: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "manager" | "member";
            /** Format: date-time */
            joinedAt: string;
            /**
             * Format: date-time
             * @description the newest change of one of the member's chats (not deleted)
             */
            lastActivity: string | null;
            /** @description chats started in the period */
            chats: number;
            /** @description scored answers in the period */
            answers: number;
            /** @description rate (percent) per technique assessed in the period */
            techniques: {
                [key: string]: number;
            };
            /** @description up to three objection families with the lowest average score among those with 3 answers in the period */
            weakestFamilies: string[];
        };
        MemberTranscript: {
            /** Format: uuid */
            conversationId: string;
            title: string;
            /** @enum {string} */
            mode: "Übung" | "Prüfung";
            /** @description null for an exam */
            difficulty: number | null;
            /**
             * Format: date-time
             * @description when the chat started
             */
            createdAt: string;
            /** Format: date-time */
            completedAt: string | null;
            /** @description the total (percent) of the chat's evaluation, null while it has none */
            score: number | null;
            /**
             * Format: date-time
             * @description when the member shared it with the team; null for an assignment's exam they did not share
             */
            sharedAt: string | null;
            /** @description the team's assignment the chat was started on */
            assignment: {
                /** Format: uuid */
                id: string;
                title: string;
            } | null;
        };
        ChatShare: {
            shared: boolean;
            /** Format: date-time */
            sharedAt: string | null;
        };
        AssignmentMember: {
            /** Format: uuid */
            userId: string;
            displayName: string;
            /**
             * @description done: a chat started on the assignment was won (every objection overcome; an exam ended early with 'Prüfung beenden' is not); overdue: the due date passed without one
             * @enum {string}
             */
            status: "open" | "done" | "overdue";
            /**
             * Format: date-time
             * @description when the winning chat ended
             */
            doneAt: string | null;
            /**
             * Format: uuid
             * @description the winning chat; for an exam, managers read it at GET /api/team/conversations/{id}
             */
            conversationId: string | null;
            /** @description an exam's evaluation total (percent), null for practice and until the won exam is evaluated */
            score: number | null;
        };
        Assignment: {
            /** Format: uuid */
            id: string;
            title: string;
            /** @enum {string} */
            mode: "Übung" | "Prüfung";
            /** @description an exam plays 3 objections whatever it is */
            difficulty: number;
            /** @description objection family the customer raises first */
            family: string | null;
            /** @description the scenario the chat plays */
            scenarioId: string | null;
            /** @description what is sold; empty: each member's own profile description */
            productDescription: string;
            /** Format: date-time */
            dueAt: string;
            /** Format: date-time */
            createdAt: string;
            /** @description given to the whole team (no userIds): whoever joins the team before dueAt gets it too */
            wholeTeam: boolean;
            /** @description GET /api/team/assignments: every assignee still in the team with their completion */
            members?: components["schemas"]["AssignmentMember"][];
            /** @description GET /api/me/assignments: the caller's own completion */
            mine?: components["schemas"]["AssignmentMember"];
        };
        AssignmentList: {
            assignments: components["schemas"]["Assignment"][];
        };
        Leaderboard: {
            /** @enum {string} */
            period: "week" | "month";
            /**
             * Format: date
             * @description the period's first UTC day (Monday, or the 1st)
             */
            since: string;
            entries: {
                /** Format: uuid */
                userId: string;
                displayName: string;
                xp: number;
                /** @description equal XP share a place (1, 1, 3) */
                place: number;
            }[];
            own: {
                /** @description null while the caller hides themselves */
                place: number | null;
                xp: number;
                hidden: boolean;
            };
        };
    };
    responses: {
        /** @description error */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description the model server failed; when it is unreachable, timed out, answered 429/5xx or broke off, with Retry-After (the server's own within 5-120 s, else 30 s) */
        ModelUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description a session */
        SessionOK: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Session"];
            };
        };
        /** @description done */
        OK: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Ok"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description seconds to wait before trying again */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
