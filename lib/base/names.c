/* names -- see names.h. */
#include "names.h"

#include <string.h>

int hrel_names_index(const char *word, const char *const *names)
{
    int i;
    for (i = 0; word && names[i]; i++)
        if (strcmp(word, names[i]) == 0)
            return i;
    return -1;
}

const char *hrel_names_at(const char *const *names, int i)
{
    int k;
    for (k = 0; k < i && names[k]; k++)
        ;
    return (i >= 0 && names[k]) ? names[k] : "?";
}
