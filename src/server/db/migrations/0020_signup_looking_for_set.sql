-- "Ik zoek" takes several genders (issue 11, decision 0015): one value becomes a set of one; none stays null.
ALTER TABLE "profiles" ALTER COLUMN "looking_for" SET DATA TYPE text[] USING (CASE WHEN "looking_for" IS NULL THEN NULL ELSE ARRAY["looking_for"] END);
