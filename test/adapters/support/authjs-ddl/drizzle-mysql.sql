-- The tables @auth/drizzle-adapter defines by default for MySQL (drizzle-orm/mysql-core), as
-- drizzle-kit would create them: every text column a varchar(255), the ID token varchar(2048).
CREATE TABLE `user` (
  `id` varchar(255) NOT NULL PRIMARY KEY,
  `name` varchar(255),
  `email` varchar(255) UNIQUE,
  `emailVerified` timestamp(3) NULL,
  `image` varchar(255)
);

CREATE TABLE `account` (
  `userId` varchar(255) NOT NULL,
  `type` varchar(255) NOT NULL,
  `provider` varchar(255) NOT NULL,
  `providerAccountId` varchar(255) NOT NULL,
  `refresh_token` varchar(255),
  `access_token` varchar(255),
  `expires_at` int,
  `token_type` varchar(255),
  `scope` varchar(255),
  `id_token` varchar(2048),
  `session_state` varchar(255),
  PRIMARY KEY (`provider`, `providerAccountId`),
  FOREIGN KEY (`userId`) REFERENCES `user` (`id`) ON DELETE CASCADE
);

CREATE TABLE `session` (
  `sessionToken` varchar(255) NOT NULL PRIMARY KEY,
  `userId` varchar(255) NOT NULL,
  `expires` timestamp NOT NULL,
  FOREIGN KEY (`userId`) REFERENCES `user` (`id`) ON DELETE CASCADE
);

CREATE TABLE `verificationToken` (
  `identifier` varchar(255) NOT NULL,
  `token` varchar(255) NOT NULL,
  `expires` timestamp NOT NULL,
  PRIMARY KEY (`identifier`, `token`)
);

CREATE TABLE `authenticator` (
  `credentialID` varchar(255) NOT NULL UNIQUE,
  `userId` varchar(255) NOT NULL,
  `providerAccountId` varchar(255) NOT NULL,
  `credentialPublicKey` varchar(255) NOT NULL,
  `counter` int NOT NULL,
  `credentialDeviceType` varchar(255) NOT NULL,
  `credentialBackedUp` boolean NOT NULL,
  `transports` varchar(255),
  PRIMARY KEY (`userId`, `credentialID`),
  FOREIGN KEY (`userId`) REFERENCES `user` (`id`) ON DELETE CASCADE
);
