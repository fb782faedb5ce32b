#include "wiretypes.h"

#include <algorithm>

namespace threadline::core {

void sortNewestFirst(QList<Comment> &comments)
{
    std::stable_sort(comments.begin(), comments.end(), [](const Comment &a, const Comment &b) {
        if (a.createtime != b.createtime)
            return a.createtime > b.createtime;
        return a.id > b.id;
    });
}

} // namespace threadline::core
